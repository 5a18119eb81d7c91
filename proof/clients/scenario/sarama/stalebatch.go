package main

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"

	"example.com/clientproof/kit"
)

// staleRecords is the number of records of each of the two partitions
// (config Records); staleBatchSize is the handler's batch size, larger than
// what one member reads in the first session.
const (
	staleRecords   = 3
	staleBatchSize = 8
)

// processedBy records, per partition and offset, the members that processed
// the message (in order).
var (
	processedMu sync.Mutex
	processedBy = map[int32]map[int64][]string{}
)

// pending is one buffered message with the session it was delivered in (the
// "stored-session" handler marks on it, the corpus' ConsumerSessionMessage).
type pending struct {
	s sarama.ConsumerGroupSession
	m *sarama.ConsumerMessage
}

// batchHandler is issue 33 item 6's batching handler: one value for every
// session of its member, whose buffer collects the messages of all its claims
// and is flushed (each message processed, then marked) when it holds
// staleBatchSize messages or at a tick of its ticker (driven by the scenario).
// What it does at the session's end is the handler flag: "no-cleanup" and
// "stored-session" nothing (the buffer outlives the session; the latter marks
// on the session each message came with), "cleanup-flush" flushes in Cleanup,
// "cleanup-reset" and "setup-reset" empty the buffer in Cleanup or Setup, and
// "flush-on-return" flushes before ConsumeClaim returns.
type batchHandler struct {
	id       string
	tick     chan struct{}
	mu       sync.Mutex
	buf      []pending
	appended atomic.Int32 // messages appended, every session
	flushed  atomic.Int32 // flushes that processed something
	sessions atomic.Int32 // Setup calls
	// staleOther counts messages of an earlier session, of a partition the
	// flushing session does not claim, that a flush processed and marked.
	staleOther atomic.Int32
	// endedMarks counts marks made on a session whose context was done.
	endedMarks atomic.Int32
}

func newBatchHandler(id string) *batchHandler {
	return &batchHandler{id: id, tick: make(chan struct{})}
}

func (h *batchHandler) Setup(s sarama.ConsumerGroupSession) error {
	h.sessions.Add(1)
	if kit.Handler() == "setup-reset" {
		h.mu.Lock()
		h.buf = nil
		h.mu.Unlock()
	}
	return nil
}

func (h *batchHandler) Cleanup(s sarama.ConsumerGroupSession) error {
	switch kit.Handler() {
	case "cleanup-flush":
		h.flush(s)
	case "cleanup-reset":
		h.mu.Lock()
		h.buf = nil
		h.mu.Unlock()
	}
	return nil
}

func (h *batchHandler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	if kit.Handler() == "flush-on-return" {
		defer h.flush(s)
	}
	for {
		select {
		case m, ok := <-c.Messages():
			if !ok {
				return nil
			}
			h.mu.Lock()
			h.buf = append(h.buf, pending{s, m})
			h.appended.Add(1)
			full := len(h.buf) >= staleBatchSize
			h.mu.Unlock()
			if full {
				h.flush(s)
			}
		case <-h.tick:
			h.flush(s)
		case <-s.Context().Done():
			return nil
		}
	}
}

// flush processes and marks every buffered message, on s (or, for
// "stored-session", on the session the message came with), and empties the
// buffer.
func (h *batchHandler) flush(s sarama.ConsumerGroupSession) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.buf) == 0 {
		return
	}
	claimed := s.Claims()[kit.Topic]
	for _, p := range h.buf {
		processedMu.Lock()
		if processedBy[p.m.Partition] == nil {
			processedBy[p.m.Partition] = map[int64][]string{}
		}
		processedBy[p.m.Partition][p.m.Offset] = append(processedBy[p.m.Partition][p.m.Offset], h.id)
		processedMu.Unlock()
		on := s
		if kit.Handler() == "stored-session" {
			on = p.s
		}
		if p.s != s && !slices.Contains(claimed, p.m.Partition) {
			h.staleOther.Add(1)
		}
		if on.Context().Err() != nil {
			h.endedMarks.Add(1)
		}
		on.MarkMessage(p.m, "")
	}
	h.buf = nil
	h.flushed.Add(1)
}

// tickFlush ticks h's ticker and reports whether one of its ConsumeClaim
// loops took the tick within 5s.
func (h *batchHandler) tickFlush() bool {
	select {
	case h.tick <- struct{}{}:
		return true
	case <-time.After(5 * time.Second):
		return false
	}
}

// partitionOf returns the one partition of Topic the member with client ID
// id is assigned in gi (-1 if none or several).
func partitionOf(gi *kit.GroupInfo, id string) int32 {
	for _, m := range gi.Members {
		if m.ClientID == id && len(m.Assignment[kit.Topic]) == 1 {
			return m.Assignment[kit.Topic][0]
		}
	}
	return -1
}

// waitCommitted polls the group's committed offsets until partition p has
// one, or d passes, and returns them.
func waitCommitted(p int32, d time.Duration) map[int32]int64 {
	deadline := time.Now().Add(d)
	for {
		c := kit.Committed(kit.GroupID)
		if _, ok := c[p]; ok || time.Now().After(deadline) {
			return c
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// staleBatch: issue 33 item 6. a, alone on the two partitions, buffers their
// 2*staleRecords messages (fewer than a batch, so nothing is flushed or
// marked); b, running the same handler, joins, and the eager rebalance ends
// a's session with the partial batch in its buffer. In the next session each
// member holds one partition and reads from the committed offset. The
// scenario then ticks a's ticker (a flushes what its buffer holds), waits for
// a's autocommit and reads the committed offsets (whether a's marks of b's
// partition were committed), then ticks b's. The verdict counts the messages
// processed more than once, and by both members.
func staleBatch(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ha, hb := newBatchHandler("a"), newBatchHandler("b")
	o.Set("stage", "a joins")
	ga, ok := startA(ctx, o, ha, true, nil)
	if !ok {
		return "TIMEOUT a alone: " + kit.Members(kit.GroupID)
	}
	defer kit.Within(5*time.Second, func() { ga.Close() })
	deadline := time.Now().Add(20 * time.Second)
	for ha.appended.Load() < 2*staleRecords && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if ha.appended.Load() < 2*staleRecords {
		return "TIMEOUT a reading the first messages"
	}
	o.Set("stage", "b joins")
	gb := newGroup(o, "b", config("b"))
	go loop(ctx, gb, hb)
	defer kit.Within(5*time.Second, func() { gb.Close() })
	ms, ok := kit.WaitMembers(kit.GroupID, 15*time.Second, both)
	if !ok {
		return "no balanced group after 15s: " + ms
	}
	gi := kit.Group(kit.GroupID)
	pa, pb := partitionOf(gi, "a"), partitionOf(gi, "b")
	o.Set("assignment", ms)
	// the next session's claims read from the committed offsets
	time.Sleep(2 * time.Second)
	o.Set("stage", "a flushes")
	if !ha.tickFlush() {
		return "a's ConsumeClaim took no tick within 5s"
	}
	waitCommitted(pa, 5*time.Second)
	time.Sleep(1500 * time.Millisecond) // another autocommit of a
	beforeB := kit.Committed(kit.GroupID)
	staleOfB := ha.staleOther.Load()
	o.Set("committed before b's flush", fmt.Sprint(beforeB))
	o.Set("stage", "b flushes")
	if !hb.tickFlush() {
		return "b's ConsumeClaim took no tick within 5s"
	}
	waitCommitted(pb, 5*time.Second)
	time.Sleep(1500 * time.Millisecond)
	final := kit.CommittedString(kit.GroupID, 2)
	o.Set("stale messages of b's partition a flushed", fmt.Sprint(staleOfB))
	o.Set("marks after the session's context was done", fmt.Sprint(ha.endedMarks.Load()+hb.endedMarks.Load()))

	processedMu.Lock()
	dup, byBoth, missing := 0, 0, 0
	var counts []string
	for p := int32(0); p < 2; p++ {
		for off := int64(0); off < staleRecords; off++ {
			who := processedBy[p][off]
			counts = append(counts, fmt.Sprintf("p%d/%d:%s", p, off, strings.Join(who, "")))
			switch {
			case len(who) == 0:
				missing++
			case len(who) > 1:
				dup++
				if slices.Contains(who, "a") && slices.Contains(who, "b") {
					byBoth++
				}
			}
		}
	}
	processedMu.Unlock()
	sort.Strings(counts)
	o.Set("processed by", strings.Join(counts, " "))

	var v string
	switch {
	case dup == 0 && missing == 0:
		v = "every message processed once"
	case dup == 0:
		v = fmt.Sprintf("%d of %d messages never processed", missing, 2*staleRecords)
	default:
		v = fmt.Sprintf("%d of %d messages processed twice (%d by a and b)", dup, 2*staleRecords, byBoth)
		if missing > 0 {
			v += fmt.Sprintf(", %d never", missing)
		}
	}
	if staleOfB > 0 {
		if _, ok := beforeB[pb]; ok {
			v += "; a's marks of b's partition committed"
		} else {
			v += "; a's marks of b's partition dropped"
		}
	}
	return v + "; committed " + final
}
