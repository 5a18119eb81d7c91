package main

// Issue 33, confluent items 2 and 3: manual assignment that the program's own
// later calls replace.

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// wantedStart is the position the program asks for with Assign; the group has
// nothing committed and auto.offset.reset=earliest, so the group's own
// assignment starts at 0.
const wantedStart = 6

// offsetRuns renders a sequence of offsets as runs of consecutive ones:
// 6,7,8,9,0,1 is "6-9,0-1".
func offsetRuns(offs []int64) string {
	if len(offs) == 0 {
		return "none"
	}
	var out []string
	for i := 0; i < len(offs); {
		j := i
		for j+1 < len(offs) && offs[j+1] == offs[j]+1 {
			j++
		}
		if i == j {
			out = append(out, fmt.Sprint(offs[i]))
		} else {
			out = append(out, fmt.Sprintf("%d-%d", offs[i], offs[j]))
		}
		i = j + 1
	}
	return strings.Join(out, ",")
}

// assignSubscribe (item 2): one partition, nothing committed,
// auto.offset.reset=earliest, auto commit on (the defaults otherwise).
// Variants: backlog (10 messages there, the program asks to start at 6) and
// quiet (messages 0-5 there, the program asks to start at 6, the end; 6-9 are
// produced 5 s later, after the group's first assignment).
// Handlers:
//   - assign-subscribe,cb=none: Assign(t[0]@6), then SubscribeTopics with no
//     rebalance callback (cloudevents' OpenInbound with no callback option);
//   - assign-subscribe,cb=assign: the same with a callback that calls
//     Assign(e.Partitions) / Unassign() (the usual callback);
//   - subscribe,cb=assign-positions: SubscribeTopics only, with a callback that
//     assigns the wanted positions on AssignedPartitions (the correct way);
//   - assign-only: Assign(t[0]@6) and no subscription.
//
// The verdict is the offsets read in order during 9 s.
func assignSubscribe(o *Outcome) string {
	m := setup(o, 1)
	quiet := *flagVariant == "quiet"
	if quiet {
		produce(o, m, 0, wantedStart) // offsets 0-5; the program asks to start at 6, the end
	} else {
		produce(o, m, 0, 10)
	}
	cm := baseConfig(m)
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	var (
		mu     sync.Mutex
		events []string
		read   []int64
	)
	note := func(s string) {
		mu.Lock()
		events = append(events, s)
		mu.Unlock()
		o.logf("%s", s)
	}
	wanted := []kafka.TopicPartition{tp(0, wantedStart)}
	var cb kafka.RebalanceCb
	switch *flagHandler {
	case "assign-subscribe,cb=assign":
		cb = func(c *kafka.Consumer, ev kafka.Event) error {
			switch e := ev.(type) {
			case kafka.AssignedPartitions:
				note(fmt.Sprintf("Assigned %s: Assign(e.Partitions) %s", partsString(e.Partitions), errCode(c.Assign(e.Partitions))))
			case kafka.RevokedPartitions:
				note(fmt.Sprintf("Revoked %s: Unassign %s", partsString(e.Partitions), errCode(c.Unassign())))
			}
			return nil
		}
	case "subscribe,cb=assign-positions":
		cb = func(c *kafka.Consumer, ev kafka.Event) error {
			switch e := ev.(type) {
			case kafka.AssignedPartitions:
				note(fmt.Sprintf("Assigned %s: Assign(wanted) %s", partsString(e.Partitions), errCode(c.Assign(wanted))))
			case kafka.RevokedPartitions:
				note(fmt.Sprintf("Revoked %s: Unassign %s", partsString(e.Partitions), errCode(c.Unassign())))
			}
			return nil
		}
	}
	o.set("stage", "assign")
	if *flagHandler != "subscribe,cb=assign-positions" {
		note("Assign(t[0]@6) " + errCode(c.Assign(wanted)))
	}
	if strings.HasPrefix(*flagHandler, "assign-subscribe") || strings.HasPrefix(*flagHandler, "subscribe") {
		o.set("stage", "subscribe")
		note("SubscribeTopics " + errCode(c.SubscribeTopics([]string{topic}, cb)))
	}
	o.set("stage", "poll")
	if quiet {
		go func() {
			// after the group's first assignment (the mock's first join takes 3 s)
			time.Sleep(5 * time.Second)
			produce(o, m, 0, 10-wantedStart)
			o.logf("produced 6-9")
		}()
	}
	deadline := time.Now().Add(9 * time.Second)
	for time.Now().Before(deadline) {
		switch e := c.Poll(50).(type) {
		case *kafka.Message:
			if e.TopicPartition.Error == nil {
				mu.Lock()
				read = append(read, int64(e.TopicPartition.Offset))
				mu.Unlock()
				o.logf("read %d", e.TopicPartition.Offset)
			}
		case kafka.Error:
			note("error " + errCode(e))
		}
	}
	as, _ := c.Assignment()
	if com, err := c.Committed([]kafka.TopicPartition{tp(0, 0)}, 5000); err == nil {
		o.set("committed at end", partsString(com))
	}
	o.set("stage", "close")
	closed := closeWithin(c, 15*time.Second)
	mu.Lock()
	defer mu.Unlock()
	o.set("events", strings.Join(events, "; "))
	o.set("assignment at end", partsString(as))
	o.set("closed", fmt.Sprint(closed))
	return "read " + offsetRuns(read)
}

// assignShared (item 3): one consumer shared by 2 goroutines, each assigning
// its own partition of a 2-partition topic (10 messages each) and reading.
// Handlers:
//   - assign-each: each goroutine calls Assign([its partition@0]) (matrixone's
//     BatchRead);
//   - incremental-each: each calls IncrementalAssign (v1.6.1+), which adds;
//   - assign-all: one Assign of both partitions, then both goroutines read;
//   - consumer-each: each goroutine has its own consumer and Assign.
//
// The verdict is the final assignment of the shared consumer(s) and the
// messages read per partition during 6 s.
func assignShared(o *Outcome) string {
	m := setup(o, 2)
	produce(o, m, 0, 10)
	produce(o, m, 1, 10)
	newConsumer := func() (*kafka.Consumer, error) {
		cm := baseConfig(m)
		return kafka.NewConsumer(&cm)
	}
	shared, err := newConsumer()
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	var (
		mu    sync.Mutex
		calls []string
		count = map[int32]int{}
	)
	consumers := []*kafka.Consumer{shared, shared}
	if *flagHandler == "consumer-each" {
		other, err := newConsumer()
		if err != nil {
			return "NewConsumer: " + err.Error()
		}
		consumers[1] = other
	}
	if *flagHandler == "assign-all" {
		calls = append(calls, "Assign(all) "+errCode(shared.Assign([]kafka.TopicPartition{tp(0, 0), tp(1, 0)})))
	}
	o.set("stage", "assign")
	var ready, wg sync.WaitGroup
	ready.Add(2)
	stop := make(chan struct{})
	poll := func(c *kafka.Consumer) {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if e, ok := c.Poll(50).(*kafka.Message); ok && e.TopicPartition.Error == nil {
				mu.Lock()
				count[e.TopicPartition.Partition]++
				mu.Unlock()
			}
		}
	}
	for p := int32(0); p < 2; p++ {
		wg.Add(1)
		go func(p int32, c *kafka.Consumer) {
			defer wg.Done()
			mine := []kafka.TopicPartition{tp(p, 0)}
			var call string
			switch *flagHandler {
			case "assign-each", "consumer-each":
				call = fmt.Sprintf("Assign(t[%d]) %s", p, errCode(c.Assign(mine)))
			case "incremental-each":
				inc, ok := interface{}(c).(incremental)
				if !ok {
					call = "no IncrementalAssign"
					break
				}
				call = fmt.Sprintf("IncrementalAssign(t[%d]) %s", p, errCode(inc.IncrementalAssign(mine)))
			}
			if call != "" {
				mu.Lock()
				calls = append(calls, call)
				mu.Unlock()
			}
			ready.Done()
			ready.Wait() // both goroutines have made their call before either reads
			poll(c)
		}(p, consumers[p])
	}
	ready.Wait()
	o.set("stage", "poll")
	time.Sleep(6 * time.Second)
	var ends []string
	for i, c := range consumers {
		if i == 1 && c == shared {
			break
		}
		as, _ := c.Assignment()
		ends = append(ends, partsString(as))
	}
	close(stop)
	wg.Wait()
	o.set("stage", "close")
	for i, c := range consumers {
		if i == 1 && c == shared {
			break
		}
		c.Close()
	}
	mu.Lock()
	defer mu.Unlock()
	sort.Strings(calls)
	o.set("calls", strings.Join(calls, "; "))
	return fmt.Sprintf("assignment %s; read t[0] %d, t[1] %d", strings.Join(ends, " and "), count[0], count[1])
}
