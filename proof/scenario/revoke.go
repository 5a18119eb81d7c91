package main

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// revokeCommit reproduces confluent-kafka-go #209 (runtime-repro.md, "Scenario").
//
// Consumer A stores offsets itself (enable.auto.offset.store=false) and lets
// librdkafka auto-commit them every 100 ms. B joins, the range assignor moves
// one partition p* to B, B moves p*'s committed offset forward, B leaves and p*
// comes back to A, which calls Commit() right after Assign() (the window trigger
// of librdkafka #2782: the commit lands before the OffsetFetch response), with
// the coordinator slowed down where the mock allows it (librdkafka >= 1.5).
//
// Variants:
//   - late: 10 messages per partition; offsets 0-8 are stored inline, offset 9
//     sits with a worker goroutine that stores 10 only 300 ms after the revoke
//     handler started (the demo's and #209's shape: stores from workers).
//   - classic: 100 messages per partition, 50 ms of work each, stored inline,
//     fetched in small batches that interleave the partitions; B joins when A
//     has processed 10 messages of each, so A is mid-stream on both when the
//     rebalance starts (the rebalance takes seconds on the mock).
//
// Handlers (of RevokedPartitions, in A's rebalance callback):
//   - unassign: Unassign() only;
//   - fix: Commit(), StoreOffsets(revoked partitions at OffsetInvalid), Unassign()
//     (kafkalint's suggested fix);
//   - drain: wait for in-flight workers, then the fix.
//
// Verdict: REWIND when the observer saw a partition's committed offset drop
// below a value it had already reached, or when, after B committed the end of
// p*, a commit of A (explicit, or an auto commit reported by an OffsetsCommitted
// event) succeeded with a lower offset for p*: the observer polls every 20 ms
// and can miss a rewind that another commit repairs within milliseconds. Else
// "no rewind".
func revokeCommit(o *Outcome) string {
	late := *flagVariant == "late"
	if !late && *flagVariant != "classic" {
		return "bad variant"
	}
	switch *flagHandler {
	case "unassign", "fix", "drain":
	default:
		return "bad handler"
	}
	initial, more := 100, 40
	if late {
		initial = 10
	}
	m := setup(o, 2)
	produce(o, m, 0, initial)
	produce(o, m, 1, initial)
	ob := observe(o, m, 2)

	var (
		revoked   = make(chan struct{})
		revOnce   sync.Once
		inflight  sync.WaitGroup
		mu        sync.Mutex
		assignedA = map[int32]bool{}
		assigns   int
		processed = map[int32]int{}
		workers   int
	)
	var (
		rewindCommits []string
		pstar         int32 = -1
		bDone         bool  // B has committed the end of p*
	)
	end := int64(initial + more)
	// commitsOf records A's successful commits of p* below its end offset once B
	// has committed that end: nothing can legitimately commit lower then.
	commitsOf := func(how string, res []kafka.TopicPartition, err error) {
		if err != nil {
			return
		}
		for _, p := range res {
			if p.Error == nil && p.Offset >= 0 {
				series.event(Event{Who: "A", Kind: "commit", Partition: p.Partition, Offset: int64(p.Offset), How: how})
			}
		}
		mu.Lock()
		defer mu.Unlock()
		if !bDone {
			return
		}
		for _, p := range res {
			if p.Error != nil || p.Offset < 0 || p.Partition != pstar {
				continue
			}
			if int64(p.Offset) < end {
				rewindCommits = append(rewindCommits, fmt.Sprintf("%s t[%d]@%d", how, p.Partition, p.Offset))
				o.logf("A %s committed t[%d]@%d below %d", how, p.Partition, p.Offset, end)
			}
		}
	}
	o.set("stage", "A consumes")
	cm := baseConfig(m)
	cm["enable.auto.commit"] = true
	cm["enable.auto.offset.store"] = false
	cm["auto.commit.interval.ms"] = 100
	if !late {
		// Small fetches interleave the partitions, so that A is mid-stream on
		// both, p* included, when B joins.
		cm["max.partition.fetch.bytes"] = 1024
	}
	a, err := kafka.NewConsumer(&cm)
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	cbA := func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			err := c.Assign(e.Partitions)
			mu.Lock()
			assigns++
			n := assigns
			assignedA = map[int32]bool{}
			for _, p := range e.Partitions {
				assignedA[p.Partition] = true
			}
			mu.Unlock()
			o.logf("A assigned %s err=%v", partsString(e.Partitions), err)
			series.event(Event{Who: "A", Kind: "assign", Partitions: partitions(e.Partitions)})
			if n > 1 {
				// The window trigger: an offset-less commit right after Assign.
				res, err := c.Commit()
				commitsOf("Commit after Assign", res, err)
				o.logf("A Commit after Assign -> %s %s", partsString(res), errCode(err))
				o.set(fmt.Sprintf("commitAfterAssign%d", n), partsString(res)+" "+errCode(err))
			}
		case kafka.RevokedPartitions:
			o.logf("A revoked %s", partsString(e.Partitions))
			series.event(Event{Who: "A", Kind: "revoke", Partitions: partitions(e.Partitions)})
			revOnce.Do(func() { close(revoked) })
			if *flagHandler == "fix" || *flagHandler == "drain" {
				if *flagHandler == "drain" {
					inflight.Wait()
				}
				res, err := c.Commit()
				commitsOf("revoke Commit", res, err)
				o.logf("A revoke Commit -> %s %s", partsString(res), errCode(err))
				inv := make([]kafka.TopicPartition, len(e.Partitions))
				for i, p := range e.Partitions {
					p.Offset = kafka.OffsetInvalid
					inv[i] = p
				}
				sres, serr := c.StoreOffsets(inv)
				if s := storeErr(sres, serr); s != "ok" {
					o.errorf("A StoreOffsets(OffsetInvalid) -> %s", s)
				}
			}
			err := c.Unassign()
			mu.Lock()
			assignedA = map[int32]bool{}
			mu.Unlock()
			o.logf("A Unassign err=%v", err)
		}
		return nil
	}
	if err := a.SubscribeTopics([]string{topic}, cbA); err != nil {
		return "SubscribeTopics: " + err.Error()
	}
	stopA := make(chan struct{})
	doneA := make(chan struct{})
	go func() {
		defer close(doneA)
		for {
			select {
			case <-stopA:
				return
			default:
			}
			ev := a.Poll(50)
			msg, ok := ev.(*kafka.Message)
			if !ok {
				switch e := ev.(type) {
				case kafka.Error:
					o.logf("A error event: %v", e)
				case kafka.OffsetsCommitted:
					commitsOf("auto commit", e.Offsets, e.Error)
				}
				continue
			}
			if msg.TopicPartition.Error != nil {
				continue
			}
			next := msg.TopicPartition
			next.Offset++
			if late && msg.TopicPartition.Offset == kafka.Offset(initial-1) && workers < 2 {
				// The last of the first batch goes to a slow worker.
				mu.Lock()
				workers++
				mu.Unlock()
				inflight.Add(1)
				go func() {
					defer inflight.Done()
					<-revoked
					time.Sleep(300 * time.Millisecond)
					res, err := a.StoreOffsets([]kafka.TopicPartition{next})
					s := storeErr(res, err)
					o.logf("A late StoreOffsets(%d@%d) -> %s", next.Partition, next.Offset, s)
					series.event(Event{Who: "A", Kind: "store", Partition: next.Partition, Offset: int64(next.Offset), Result: s})
					o.set(fmt.Sprintf("lateStore%d", next.Partition), s)
				}()
			} else {
				if !late {
					time.Sleep(50 * time.Millisecond)
				}
				if _, err := a.StoreOffsets([]kafka.TopicPartition{next}); err != nil {
					o.logf("A StoreOffsets(%d@%d) -> %s", next.Partition, next.Offset, errCode(err))
				}
			}
			mu.Lock()
			processed[msg.TopicPartition.Partition]++
			mu.Unlock()
		}
	}()

	// Phase 1: A has the whole topic and has made progress.
	ok := waitFor(30*time.Second, func() bool {
		mu.Lock()
		defer mu.Unlock()
		if late {
			return workers == 2 && ob.committed(0) == int64(initial-1) && ob.committed(1) == int64(initial-1)
		}
		return processed[0] >= 10 && processed[1] >= 10
	})
	if !ok {
		return "TIMEOUT at A consumes"
	}

	// Phase 2: B joins and takes p*; 40 more messages go to p*; B commits them.
	o.set("stage", "B joins")
	var bMu sync.Mutex
	var bParts []int32
	cmB := baseConfig(m)
	cmB["auto.commit.interval.ms"] = 100
	b, err := kafka.NewConsumer(&cmB)
	if err != nil {
		return "NewConsumer B: " + err.Error()
	}
	cbB := func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			c.Assign(e.Partitions)
			bMu.Lock()
			bParts = nil
			for _, p := range e.Partitions {
				bParts = append(bParts, p.Partition)
			}
			bMu.Unlock()
			o.logf("B assigned %s", partsString(e.Partitions))
			series.event(Event{Who: "B", Kind: "assign", Partitions: partitions(e.Partitions)})
		case kafka.RevokedPartitions:
			c.Unassign()
			o.logf("B revoked %s", partsString(e.Partitions))
			series.event(Event{Who: "B", Kind: "revoke", Partitions: partitions(e.Partitions)})
		}
		return nil
	}
	b.SubscribeTopics([]string{topic}, cbB)
	stopB := make(chan struct{})
	doneB := make(chan struct{})
	go func() {
		defer close(doneB)
		for {
			select {
			case <-stopB:
				return
			default:
			}
			b.Poll(50)
		}
	}()
	if !waitFor(40*time.Second, func() bool {
		bMu.Lock()
		defer bMu.Unlock()
		if len(bParts) == 1 {
			mu.Lock()
			pstar = bParts[0]
			mu.Unlock()
			return true
		}
		return false
	}) {
		return "TIMEOUT at B joins"
	}
	o.set("pstar", fmt.Sprint(pstar))
	o.set("stage", "B commits")
	produce(o, m, pstar, more)
	if !waitFor(40*time.Second, func() bool { return ob.committed(pstar) == end }) {
		return fmt.Sprintf("TIMEOUT at B commits (committed t[%d]=%d)", pstar, ob.committed(pstar))
	}
	mu.Lock()
	bDone = true
	mu.Unlock()

	// Phase 3: B leaves, p* comes back to A. From librdkafka 1.5 the mock can
	// delay the coordinator: 300 ms on every response widens the window between
	// the re-assignment and the OffsetFetch response that real coordinators open
	// by being slower than loopback (without it the Commit after Assign misses
	// the window in some runs). 1.4.x has no RTT control; there the Commit after
	// Assign alone hits in about 90% of runs (runtime-repro.md).
	o.set("stage", "B leaves")
	if hasRTT() {
		if err := m.setRTT(2, 300); err != nil {
			o.errorf("%v", err)
		}
		o.set("window", "commit after assign, coordinator RTT 300ms")
	} else {
		o.set("window", "commit after assign")
	}
	close(stopB)
	<-doneB
	series.event(Event{Who: "B", Kind: "close"})
	b.Close()
	if !waitFor(40*time.Second, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return assignedA[pstar] && assignedA[1-pstar]
	}) {
		return "TIMEOUT at B leaves"
	}
	o.set("stage", "settle")
	time.Sleep(3 * time.Second)
	close(stopA)
	<-doneA
	o.set("stage", "close A")
	a.Close()
	time.Sleep(300 * time.Millisecond)
	ob.close()

	rewound, hist := ob.rewinds()
	series.print(pstar)
	o.set("committed", hist)
	mu.Lock()
	defer mu.Unlock()
	if n := len(rewindCommits); n > 3 {
		o.set("rewindCommits", strings.Join(rewindCommits[:3], ", ")+fmt.Sprintf(" (+%d more)", n-3))
	} else if n > 0 {
		o.set("rewindCommits", strings.Join(rewindCommits, ", "))
	}
	if len(rewound) > 0 || len(rewindCommits) > 0 {
		return "REWIND"
	}
	return "no rewind"
}
