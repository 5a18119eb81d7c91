// Command sarama runs one sarama consumer-group scenario against the runner's
// kfake cluster. It is written against github.com/IBM/sarama; the runner
// rewrites the import for github.com/Shopify/sarama, and it uses only API both
// paths have from Shopify/sarama v1.38.1 on.
package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"

	"example.com/clientproof/kit"
)

func main() {
	kit.Main(kit.ModuleVersion("github.com/IBM/sarama", "github.com/Shopify/sarama"), map[string]func(*kit.Outcome) string{
		"markoffset":   markOffset,
		"autocommit":   autoCommit,
		"claimclosed":  claimClosed,
		"claimctx":     claimCtx,
		"notlooped":    notLooped,
		"markafter":    markAfter,
		"claimrevoked": claimRevoked,
		"callbackmark": callbackMark,
		"claimend":     claimEnd,
		"dispatchleak": dispatchLeak,
		"stalebatch":   staleBatch,
	})
}

// useCooperative makes config set the cooperative-sticky strategy.
var useCooperative bool

// rebalanceTimedOut records that a group reported ErrRebalanceTimedOut: a
// revoked ConsumeClaim did not return within the rebalance timeout, and
// sarama cancelled the whole session (consumer_group_cooperative.go,
// revokeClaims, v1.61.1).
var rebalanceTimedOut atomic.Bool

func config(id string) *sarama.Config {
	c := sarama.NewConfig()
	if useCooperative {
		cooperative(c)
	}
	c.Version = sarama.V2_8_0_0
	c.ClientID = id
	c.Consumer.Offsets.Initial = sarama.OffsetOldest
	c.Consumer.Group.Session.Timeout = 6 * time.Second
	c.Consumer.Group.Heartbeat.Interval = 300 * time.Millisecond
	c.Consumer.Group.Rebalance.Timeout = 3 * time.Second
	c.Consumer.Return.Errors = true
	return c
}

// handler adapts a ConsumeClaim function.
type handler func(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h handler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	return h(s, c)
}

func newGroup(o *kit.Outcome, id string, cfg *sarama.Config) sarama.ConsumerGroup {
	g, err := sarama.NewConsumerGroup([]string{kit.Broker()}, kit.GroupID, cfg)
	if err != nil {
		panic(err)
	}
	go func() {
		for err := range g.Errors() {
			o.Logf("%s: group error: %v", id, err)
			if strings.Contains(err.Error(), "did not exit within") { // ErrRebalanceTimedOut, IBM/sarama v1.61.0 on
				rebalanceTimedOut.Store(true)
			}
		}
	}()
	return g
}

// loop calls Consume until ctx is done, as the Consume doc asks.
func loop(ctx context.Context, g sarama.ConsumerGroup, h sarama.ConsumerGroupHandler) {
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{kit.Topic}, h); err != nil && ctx.Err() == nil {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

// commaOK is the correct claim loop: it returns when the channel closes or
// the session ends, calling each on every message.
func commaOK(each func(sarama.ConsumerGroupSession, *sarama.ConsumerMessage)) handler {
	return func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
		for {
			select {
			case m, ok := <-c.Messages():
				if !ok {
					return nil
				}
				each(s, m)
			case <-s.Context().Done():
				return nil
			}
		}
	}
}

// firstOffset starts a fresh member of the group and returns the offset of the
// first message it gets.
func firstOffset(o *kit.Outcome) int64 {
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan int64, 1)
	g := newGroup(o, "restart", config("restart"))
	go loop(ctx, g, commaOK(func(_ sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
		select {
		case first <- m.Offset:
		default:
		}
	}))
	defer func() { cancel(); g.Close() }()
	select {
	case off := <-first:
		return off
	case <-time.After(20 * time.Second):
		return -1
	}
}

// consumeAll has one member read the 5 messages of partition 0, applying mark
// to each (then commit, when set), and close the group.
func consumeAll(o *kit.Outcome, cfg *sarama.Config, mark func(sarama.ConsumerGroupSession, *sarama.ConsumerMessage), commit bool) {
	ctx, cancel := context.WithCancel(context.Background())
	g := newGroup(o, "a", cfg)
	var n atomic.Int32
	go loop(ctx, g, commaOK(func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
		mark(s, m)
		if commit {
			s.Commit()
		}
		if n.Add(1) == 5 {
			cancel()
		}
	}))
	o.Set("stage", "consume")
	<-ctx.Done()
	if err := g.Close(); err != nil {
		o.Errorf("Close: %v", err)
	}
}

// markOffset: MarkOffset with the message's own offset (S3) against
// MarkOffset(+1) and MarkMessage; the group restarts after the last message.
func markOffset(o *kit.Outcome) string {
	mark := map[string]func(sarama.ConsumerGroupSession, *sarama.ConsumerMessage){
		"markoffset-own": func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
			s.MarkOffset(m.Topic, m.Partition, m.Offset, "")
		},
		"markoffset-plus1": func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
			s.MarkOffset(m.Topic, m.Partition, m.Offset+1, "")
		},
		"markmessage": func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) { s.MarkMessage(m, "") },
	}[kit.Handler()]
	consumeAll(o, config("a"), mark, false)
	return restartVerdict(o)
}

func restartVerdict(o *kit.Outcome) string {
	committed := kit.CommittedString(kit.GroupID, 1)
	kit.Produce(0, 1) // offset 5, so that a restart past the end reads something
	o.Set("stage", "restart")
	first := firstOffset(o)
	v := fmt.Sprintf("committed %s; restart at %d", committed, first)
	switch {
	case first < 0:
		v += ": nothing read"
	case first < 4:
		v += ": every message redelivered"
	case first == 4:
		v += ": last message redelivered"
	}
	return v
}

// autoCommit: Offsets.AutoCommit.Enable=false and MarkMessage, with and without
// session.Commit(), and Commit() with nothing marked (S5).
func autoCommit(o *kit.Outcome) string {
	cfg := config("a")
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	mark := func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) { s.MarkMessage(m, "") }
	if kit.Handler() == "commit-no-mark" {
		mark = func(sarama.ConsumerGroupSession, *sarama.ConsumerMessage) {}
	}
	consumeAll(o, cfg, mark, kit.Handler() != "mark-no-commit")
	return restartVerdict(o)
}

// claimClosed: claim.Messages() closes while the session goes on (S1). The
// partition consumer of partition 0 is shut down by OFFSET_OUT_OF_RANGE: the
// member is paused, records up to 10 are produced and deleted, and the next
// fetch at 5 is below the log start. The handler reacts to the closed channel
// in the way the handler flag names: "ok-break" checks comma-ok but its break
// leaves only the select.
func claimClosed(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := config("a")
	g := newGroup(o, "a", cfg)
	var (
		read     atomic.Int32
		nils     atomic.Int64
		returned = make(chan string, 4)
	)
	h := handler(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) (err error) {
		if c.Partition() != 0 {
			<-s.Context().Done()
			return nil
		}
		defer func() {
			if r := recover(); r != nil {
				returned <- fmt.Sprintf("panic: %v", r)
				err = errors.New("panicked")
			}
		}()
		switch kit.Handler() {
		case "no-comma-ok":
			for {
				select {
				case m := <-c.Messages():
					_ = m.Offset // the handler's use of the message
					read.Add(1)
					s.MarkMessage(m, "")
				case <-s.Context().Done():
					returned <- "returned on session end"
					return nil
				}
			}
		case "nil-continue":
			for {
				select {
				case m := <-c.Messages():
					if m == nil {
						nils.Add(1)
						continue
					}
					read.Add(1)
					s.MarkMessage(m, "")
				case <-s.Context().Done():
					returned <- "returned on session end"
					return nil
				}
			}
		case "ok-break":
			for {
				select {
				case m, ok := <-c.Messages():
					if !ok {
						nils.Add(1)
						break // leaves the select only: the loop receives again
					}
					read.Add(1)
					s.MarkMessage(m, "")
				case <-s.Context().Done():
					returned <- "returned on session end"
					return nil
				}
			}
		default: // comma-ok
			for {
				select {
				case m, ok := <-c.Messages():
					if !ok {
						returned <- "returned on the closed channel"
						return nil
					}
					read.Add(1)
					s.MarkMessage(m, "")
				case <-s.Context().Done():
					returned <- "returned on session end"
					return nil
				}
			}
		}
	})
	go loop(ctx, g, h)
	o.Set("stage", "consume")
	deadline := time.Now().Add(20 * time.Second)
	for read.Load() < 5 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if read.Load() < 5 {
		return "TIMEOUT reading the first 5 messages"
	}
	o.Set("stage", "out-of-range")
	g.PauseAll()
	time.Sleep(1500 * time.Millisecond) // the fetch in flight ends (MaxWaitTime 500ms)
	kit.Produce(0, 5)
	kit.DeleteRecords(0, 10)
	g.ResumeAll()
	var how string
	select {
	case how = <-returned:
	case <-time.After(5 * time.Second):
		how = "did not return within 5s"
	}
	v := "ConsumeClaim " + how
	if n := nils.Load(); n > 0 {
		// The count depends on the machine: the verdict says only whether it
		// is more than a handful, the evidence has the number.
		what, key := "nil messages", "nil receives"
		if kit.Handler() == "ok-break" {
			what, key = "receives from the closed channel", "closed receives"
		}
		o.Set(key, fmt.Sprint(n))
		if n > 1000 {
			v += "; spun on " + what + " (over 1000)"
		} else {
			v += "; some " + what
		}
	}
	cancel()
	if !kit.Within(10*time.Second, func() { g.Close() }) {
		o.Errorf("Close did not return within 10s")
	}
	return v
}

// member runs a second member "b" with the correct handler until ctx is done.
func member(ctx context.Context, o *kit.Outcome, wg *sync.WaitGroup) {
	g := newGroup(o, "b", config("b"))
	wg.Add(1)
	go func() {
		defer wg.Done()
		loop(ctx, g, commaOK(func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) { s.MarkMessage(m, "") }))
		g.Close()
	}()
}

// both reports whether a and b each own one of the two partitions.
func both(gi *kit.GroupInfo) bool {
	if len(gi.Members) != 2 {
		return false
	}
	for _, m := range gi.Members {
		if len(m.Assignment[kit.Topic]) != 1 {
			return false
		}
	}
	return gi.HasClient("a") && gi.HasClient("b")
}

// startA runs member "a" on the two partitions and waits until it holds both
// and has read a message.
func startA(ctx context.Context, o *kit.Outcome, h sarama.ConsumerGroupHandler, looped bool, consumeReturned chan<- error) (sarama.ConsumerGroup, bool) {
	g := newGroup(o, "a", config("a"))
	if looped {
		go loop(ctx, g, h)
	} else {
		go func() { consumeReturned <- g.Consume(ctx, []string{kit.Topic}, h) }()
	}
	_, ok := kit.WaitMembers(kit.GroupID, 20*time.Second, func(gi *kit.GroupInfo) bool {
		return len(gi.Members) == 1 && gi.HasClient("a") && len(gi.Members[0].Assignment[kit.Topic]) == 2
	})
	return g, ok
}

// claimCtx: a second member joins while a's ConsumeClaim processes a message
// (S2). "range-blocking" ranges over Messages() and takes 15s per message
// without watching the session; "range-fast" ranges with a body that does not
// block; "select-ctx" takes as long but returns when the session ends;
// "ok-continue" receives with comma-ok but continues on the closed channel
// (S1: it spins when the rebalance closes the claim); "ok-break" breaks out of
// the select on it, in a select that also watches the session. The rebalance
// timeout is 3s.
func claimCtx(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got atomic.Int32
	work := func(s sarama.ConsumerGroupSession) bool { // reports whether the session ended
		switch kit.Handler() {
		case "range-blocking":
			time.Sleep(15 * time.Second)
		case "select-ctx":
			select {
			case <-time.After(15 * time.Second):
			case <-s.Context().Done():
				return true
			}
		}
		return false
	}
	var h handler
	var spins atomic.Int64
	switch kit.Handler() {
	case "ok-break":
		// comma-ok whose break leaves only the select, which also watches
		// the session: at the rebalance both cases are ready.
		h = func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
			for {
				select {
				case m, ok := <-c.Messages():
					if !ok {
						spins.Add(1)
						break
					}
					got.Add(1)
					s.MarkMessage(m, "")
				case <-s.Context().Done():
					return nil
				}
			}
		}
	case "ok-continue":
		// comma-ok, but the closed channel is skipped: the loop never ends.
		h = func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
			for {
				m, ok := <-c.Messages()
				if !ok {
					spins.Add(1)
					continue
				}
				got.Add(1)
				s.MarkMessage(m, "")
			}
		}
	case "select-ctx":
		h = func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
			for {
				select {
				case m, ok := <-c.Messages():
					if !ok {
						return nil
					}
					got.Add(1)
					if work(s) {
						return nil
					}
					s.MarkMessage(m, "")
				case <-s.Context().Done():
					return nil
				}
			}
		}
	default:
		h = func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
			for m := range c.Messages() {
				got.Add(1)
				work(s)
				s.MarkMessage(m, "")
			}
			return nil
		}
	}
	o.Set("stage", "a joins")
	ga, ok := startA(ctx, o, h, true, nil)
	if !ok {
		return "TIMEOUT a alone: " + kit.Members(kit.GroupID)
	}
	defer kit.Within(5*time.Second, func() { ga.Close() })
	for got.Load() == 0 {
		time.Sleep(20 * time.Millisecond)
	}
	o.Set("stage", "b joins")
	var wg sync.WaitGroup
	member(ctx, o, &wg)
	ms, ok := kit.WaitMembers(kit.GroupID, 10*time.Second, both)
	if n := spins.Load(); n > 0 {
		o.Set("closed receives", fmt.Sprint(n))
	}
	if ok {
		return "a released its claims: a and b hold one partition each within 10s"
	}
	o.Set("after 10s", ms)
	if gi := kit.Group(kit.GroupID); gi != nil && !gi.HasClient("a") {
		return "rebalance waited for a's ConsumeClaim: a evicted, b holds " + fmt.Sprint(len(gi.Members[0].Assignment[kit.Topic])) + " partitions after 10s"
	}
	return "no balanced group after 10s: " + ms
}

// notLooped: Consume called once (S4) or in a loop; a second member joins.
func notLooped(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	looped := kit.Handler() == "loop"
	if kit.Handler() == "once-cooperative" {
		if !cooperative(sarama.NewConfig()) {
			return "no cooperative strategy in this version"
		}
		useCooperative = true
	}
	returned := make(chan error, 1)
	h := commaOK(func(s sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) { s.MarkMessage(m, "") })
	o.Set("stage", "a joins")
	ga, ok := startA(ctx, o, h, looped, returned)
	if !ok {
		return "TIMEOUT a alone: " + kit.Members(kit.GroupID)
	}
	defer kit.Within(5*time.Second, func() { ga.Close() })
	o.Set("stage", "b joins")
	var wg sync.WaitGroup
	member(ctx, o, &wg)
	ms, ok := kit.WaitMembers(kit.GroupID, 10*time.Second, both)
	v := ""
	select {
	case err := <-returned:
		v = fmt.Sprintf("Consume returned (%v) at the rebalance; ", err)
	default:
	}
	if ok {
		return v + "a and b hold one partition each"
	}
	o.Set("after 10s", ms)
	if gi := kit.Group(kit.GroupID); gi != nil && !gi.HasClient("a") {
		return v + "a left the group: b alone holds both partitions"
	}
	return v + "no balanced group after 10s"
}

// markAfter: ConsumeClaim hands each message to a worker that marks it a
// second later (S6); the session ends right after the fifth message is handed
// off, and the group is closed two seconds after Consume returned.
// "worker-marks-late" returns from ConsumeClaim at once; "wait-for-workers"
// waits for the workers it started before returning.
func markAfter(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	g := newGroup(o, "a", config("a"))
	var n, late atomic.Int32
	var released atomic.Bool
	h := handler(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
		var wg sync.WaitGroup
		defer func() {
			if kit.Handler() == "wait-for-workers" {
				wg.Wait()
			}
		}()
		for {
			select {
			case m, ok := <-c.Messages():
				if !ok {
					return nil
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					time.Sleep(time.Second)
					if released.Load() {
						late.Add(1)
					}
					s.MarkMessage(m, "")
				}()
				if n.Add(1) == 5 {
					cancel()
				}
			case <-s.Context().Done():
				return nil
			}
		}
	})
	o.Set("stage", "consume")
	loop(ctx, g, h)
	released.Store(true)
	time.Sleep(2 * time.Second)
	if err := g.Close(); err != nil {
		o.Errorf("Close: %v", err)
	}
	o.Set("marks after Consume returned", fmt.Sprint(late.Load()))
	return restartVerdict(o)
}

// claimRevoked: under the cooperative-sticky strategy (IBM/sarama v1.61.1) a
// second member joins and one of a's two claims is revoked: its Messages()
// channel closes while the session, and its context, go on (S1). The handler
// watches the session's context; "no-comma-ok" reads the channel without
// comma-ok, "comma-ok" with it, "ok-break" with it but with a break that
// leaves only the select.
func claimRevoked(o *kit.Outcome) string {
	if !cooperative(sarama.NewConfig()) {
		return "no cooperative strategy in this version"
	}
	useCooperative = true
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got atomic.Int32
	var spins atomic.Int64
	events := make(chan string, 4)
	h := handler(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) (err error) {
		var spinStart time.Time
		defer func() {
			if r := recover(); r != nil {
				events <- fmt.Sprintf("panic: %v", r)
				err = errors.New("panicked")
			}
		}()
		for {
			select {
			case m, ok := <-c.Messages():
				if !ok && kit.Handler() == "ok-break" {
					spins.Add(1)
					if spinStart.IsZero() {
						spinStart = time.Now()
					}
					break // leaves the select only: the loop receives again
				}
				if kit.Handler() == "no-comma-ok" {
					_ = m.Offset // the handler's use of the message
				} else if !ok {
					events <- "returned on the closed channel"
					return nil
				}
				got.Add(1)
				s.MarkMessage(m, "")
			case <-s.Context().Done():
				if !spinStart.IsZero() {
					o.Set("spun for", time.Since(spinStart).Round(100*time.Millisecond).String())
				}
				events <- "returned on session end"
				return nil
			}
		}
	})
	o.Set("stage", "a joins")
	ga, ok := startA(ctx, o, h, true, nil)
	if !ok {
		return "TIMEOUT a alone: " + kit.Members(kit.GroupID)
	}
	defer kit.Within(5*time.Second, func() { ga.Close() })
	for got.Load() == 0 {
		time.Sleep(20 * time.Millisecond)
	}
	o.Set("stage", "b joins")
	var wg sync.WaitGroup
	member(ctx, o, &wg)
	var v string
	select {
	case e := <-events:
		v = "revoked claim's ConsumeClaim " + e
	case <-time.After(10 * time.Second):
		v = "no ConsumeClaim ended within 10s"
	}
	if n := spins.Load(); n > 0 {
		o.Set("closed receives", fmt.Sprint(n))
		if n > 1000 {
			v += "; spun on receives from the closed channel (over 1000)"
		} else {
			v += "; some receives from the closed channel"
		}
	}
	if _, ok := kit.WaitMembers(kit.GroupID, 10*time.Second, both); ok {
		v += "; a and b hold one partition each"
		if rebalanceTimedOut.Load() {
			v += " after a's session was cancelled (ErrRebalanceTimedOut)"
		}
	} else {
		ms := kit.Members(kit.GroupID)
		o.Set("after 10s", ms)
		if gi := kit.Group(kit.GroupID); gi != nil && !gi.HasClient("a") {
			v += "; a evicted, b alone after 10s"
		} else {
			v += "; no balanced group after 10s"
		}
	}
	return v
}

// callbackMark: ConsumeClaim hands each message to the application with an ack
// callback that marks it (asyncmark's callbackmark, S6: the cloudevents
// shape); the application, started once outside ConsumeClaim, acks each
// message a second later. The session ends right after the fifth message is
// handed off, and the group is closed two seconds after Consume returned.
// "ack-after-return" returns from ConsumeClaim at once; "wait-for-acks" counts
// the callbacks it handed on and waits for them before returning.
func callbackMark(o *kit.Outcome) string {
	type event struct {
		msg    *sarama.ConsumerMessage
		finish func(error)
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := newGroup(o, "a", config("a"))
	incoming := make(chan event, 16)
	var n, late atomic.Int32
	var released atomic.Bool
	go func() { // the application
		for ev := range incoming {
			go func() {
				time.Sleep(time.Second)
				if released.Load() {
					late.Add(1)
				}
				ev.finish(nil)
			}()
		}
	}()
	h := handler(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
		var acks sync.WaitGroup
		defer func() {
			if kit.Handler() == "wait-for-acks" {
				acks.Wait()
			}
		}()
		for {
			select {
			case m, ok := <-c.Messages():
				if !ok {
					return nil
				}
				acks.Add(1)
				incoming <- event{msg: m, finish: func(err error) {
					defer acks.Done()
					if err == nil {
						s.MarkMessage(m, "")
					}
				}}
				if n.Add(1) == 5 {
					cancel()
				}
			case <-s.Context().Done():
				return nil
			}
		}
	})
	o.Set("stage", "consume")
	loop(ctx, g, h)
	released.Store(true)
	time.Sleep(2 * time.Second)
	if err := g.Close(); err != nil {
		o.Errorf("Close: %v", err)
	}
	o.Set("acks after Consume returned", fmt.Sprint(late.Load()))
	return restartVerdict(o)
}

// claimEnd: a second member joins while a holds both partitions, and the
// eager rebalance closes a's claims' Messages() channels while the group, and
// the context a's Consume loop runs under, live on (issue 33 item 7). a's
// ConsumeClaim ranges over the channel with comma-ok and no select on the
// session; "cancel-on-close" treats the closed channel as the end of
// consumption and cancels the context of its Consume loop (a CLI's consumer,
// which then closes its group), "return-on-close" only returns nil, and the
// loop calls Consume again.
func claimEnd(o *kit.Outcome) string {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got atomic.Int32
	type closing struct{ sessionDone, consumeDone bool }
	closed := make(chan closing, 4)
	h := handler(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
		for {
			m, ok := <-c.Messages()
			if !ok {
				select {
				case closed <- closing{s.Context().Err() != nil, ctx.Err() != nil}:
				default:
				}
				if kit.Handler() == "cancel-on-close" {
					cancel() // the claim's end taken for the consumer's
				}
				return nil
			}
			got.Add(1)
			s.MarkMessage(m, "")
		}
	})
	o.Set("stage", "a joins")
	ga, ok := startA(ctx, o, h, true, nil)
	if !ok {
		return "TIMEOUT a alone: " + kit.Members(kit.GroupID)
	}
	go func() { // the consumer's main: it closes the group when its context is done
		<-ctx.Done()
		kit.Within(5*time.Second, func() { ga.Close() })
	}()
	for got.Load() == 0 {
		time.Sleep(20 * time.Millisecond)
	}
	o.Set("stage", "b joins")
	bctx, bcancel := context.WithCancel(context.Background())
	defer bcancel()
	var wg sync.WaitGroup
	member(bctx, o, &wg)
	var v string
	select {
	case cl := <-closed:
		v = "claim's channel closed at the rebalance"
		if cl.sessionDone {
			v += " (session's context done"
		} else {
			v += " (session's context not done"
		}
		if cl.consumeDone {
			v += ", Consume's done)"
		} else {
			v += ", Consume's not)"
		}
	case <-time.After(10 * time.Second):
		return "no claim's channel closed within 10s"
	}
	ms, ok := kit.WaitMembers(kit.GroupID, 10*time.Second, both)
	if ok {
		return v + "; a and b hold one partition each"
	}
	o.Set("after 10s", ms)
	if gi := kit.Group(kit.GroupID); gi != nil && !gi.HasClient("a") {
		what := "a left the group"
		if ctx.Err() != nil {
			what = "a's consumer cancelled: a left the group"
		}
		return v + "; " + what + ", b alone holds " + fmt.Sprint(len(gi.Members[0].Assignment[kit.Topic])) + " partitions"
	}
	return v + "; no balanced group after 10s: " + ms
}
