// Command proofscenario runs one scenario against librdkafka's in-process mock
// cluster (or, with -bootstrap, a cluster the runner started: kfake) and prints its outcome as one JSON line prefixed with "OUTCOME ".
// It is built by the proof runner (../) once per confluent-kafka-go version: the
// runner copies these files into a scratch module and, for v1, rewrites the v2
// import path. It uses only API that exists from v1.4.0 on; newer methods are
// reached through interface assertions and reported as absent.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Outcome is what one run of a scenario shows. Verdict is the value the runner
// aggregates and compares with the expected matrix; Detail and Errors are
// evidence printed beside it.
type Outcome struct {
	Scenario string            `json:"scenario"`
	Variant  string            `json:"variant"`
	Handler  string            `json:"handler"`
	Library  string            `json:"library"`
	Verdict  string            `json:"verdict"`
	Detail   map[string]string `json:"detail,omitempty"`
	Errors   []string          `json:"errors,omitempty"`
	Seconds  float64           `json:"seconds"`

	mu    sync.Mutex
	start time.Time
}

func (o *Outcome) set(k, v string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.Detail == nil {
		o.Detail = map[string]string{}
	}
	o.Detail[k] = v
}

func (o *Outcome) errorf(format string, args ...interface{}) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.Errors = append(o.Errors, fmt.Sprintf("%.2fs ", time.Since(o.start).Seconds())+fmt.Sprintf(format, args...))
}

func (o *Outcome) logf(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "%7.3fs %s\n", time.Since(o.start).Seconds(), fmt.Sprintf(format, args...))
}

var printOnce sync.Once

func (o *Outcome) print() {
	printOnce.Do(func() {
		o.mu.Lock()
		o.Seconds = float64(time.Since(o.start).Milliseconds()) / 1000
		b, _ := json.Marshal(o)
		o.mu.Unlock()
		fmt.Printf("OUTCOME %s\n", b)
	})
}

const (
	topic = "t"
	group = "g"
)

var (
	flagScenario = flag.String("scenario", "", "revokecommit, pollrebalance, incrementalassign, storeoffset, txnoffset, unhandledrebalance, storeautoarg, commitstored, readtimeout, neverstored, configkey, readerror, assignsubscribe, assignshared")
	flagVariant  = flag.String("variant", "", "scenario variant")
	flagHandler  = flag.String("handler", "", "handler variant")
	flagDebug    = flag.String("debug", "", "librdkafka debug contexts for the mock and the consumers")
	flagWatchdog = flag.Duration("watchdog", 90*time.Second, "give up after this long")
)

func main() {
	flag.Parse()
	_, lib := kafka.LibraryVersion()
	o := &Outcome{Scenario: *flagScenario, Variant: *flagVariant, Handler: *flagHandler, Library: lib, start: time.Now()}
	startSeries(o.start)
	go func() {
		time.Sleep(*flagWatchdog)
		o.mu.Lock()
		stage := o.Detail["stage"]
		o.mu.Unlock()
		o.Verdict = "TIMEOUT at " + stage
		o.print()
		os.Exit(3)
	}()
	var run func(*Outcome) string
	switch *flagScenario {
	case "revokecommit":
		run = revokeCommit
	case "pollrebalance":
		run = pollRebalance
	case "incrementalassign":
		run = incrementalAssign
	case "storeoffset":
		run = storeOffset
	case "txnoffset":
		run = txnOffset
	case "unhandledrebalance":
		run = unhandledRebalance
	case "storeautoarg":
		run = storeAutoArg
	case "commitstored":
		run = commitStored
	case "revokenocommit":
		run = revokeNoCommit
	case "readtimeout":
		run = readTimeout
	case "neverstored":
		run = neverStored
	case "configkey":
		run = configKey
	case "readerror":
		run = readError
	case "assignsubscribe":
		run = assignSubscribe
	case "assignshared":
		run = assignShared
	default:
		fmt.Fprintf(os.Stderr, "unknown scenario %q\n", *flagScenario)
		os.Exit(2)
	}
	o.Verdict = run(o)
	o.print()
}

// libAtLeast reports whether the linked librdkafka is at least major.minor.patch.
func libAtLeast(major, minor, patch int) bool {
	v, _ := kafka.LibraryVersion()
	return v>>8 >= major<<16|minor<<8|patch
}

// needsSeed: librdkafka before 1.6.0 has an inverted group compare in the mock's
// OffsetFetch (fixed by f418e0f72); one commit by another group first makes every
// lookup of group g land on that entry, which then acts as g's (runtime-repro.md).
func needsSeed() bool { return !libAtLeast(1, 6, 0) }

func setup(o *Outcome, partitions int) *mock {
	if *flagBootstrap != "" {
		return external()
	}
	o.set("stage", "mock")
	m, err := newMock(2, topic, partitions, group, *flagDebug)
	if err != nil {
		o.Verdict = "SETUP " + err.Error()
		o.print()
		os.Exit(4)
	}
	if needsSeed() {
		c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": m.bootstrap, "group.id": "seed"})
		if err == nil {
			var tps []kafka.TopicPartition
			for p := 0; p < partitions; p++ {
				tps = append(tps, tp(int32(p), 0))
			}
			if _, err = c.CommitOffsets(tps); err != nil {
				o.errorf("seed commit: %v", err)
			}
			c.Close()
		}
	}
	return m
}

func tp(p int32, off int64) kafka.TopicPartition {
	t := topic
	return kafka.TopicPartition{Topic: &t, Partition: p, Offset: kafka.Offset(off)}
}

// produce writes n messages of 200 bytes (the 1.4 mock rejects batches of tiny
// records with INVALID_MSG_SIZE) to partition p.
func produce(o *Outcome, m *mock, p int32, n int) {
	pr, err := kafka.NewProducer(&kafka.ConfigMap{"bootstrap.servers": m.bootstrap, "linger.ms": 5})
	if err != nil {
		o.errorf("producer: %v", err)
		return
	}
	defer pr.Close()
	go func() {
		for e := range pr.Events() {
			if m, ok := e.(*kafka.Message); ok && m.TopicPartition.Error != nil {
				o.errorf("produce: %v", m.TopicPartition.Error)
			}
		}
	}()
	val := []byte(strings.Repeat("x", 200))
	t := topic
	for i := 0; i < n; i++ {
		for {
			err := pr.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &t, Partition: p}, Value: val}, nil)
			if err == nil {
				break
			}
			pr.Flush(100)
		}
	}
	for i := 0; i < 30 && pr.Flush(1000) > 0; i++ {
	}
}

func baseConfig(m *mock) kafka.ConfigMap {
	cm := kafka.ConfigMap{
		"bootstrap.servers":     m.bootstrap,
		"group.id":              group,
		"session.timeout.ms":    6000,
		"heartbeat.interval.ms": 500,
		"max.poll.interval.ms":  10000,
		"auto.offset.reset":     "earliest",
		"fetch.wait.max.ms":     20,
	}
	if *flagDebug != "" {
		cm["debug"] = *flagDebug
	}
	return cm
}

// observer watches the group's committed offsets from a consumer that never
// subscribes, and records every change per partition.
type observer struct {
	mu      sync.Mutex
	last    map[int32]int64
	history map[int32][]int64
	stop    chan struct{}
	done    chan struct{}
}

func observe(o *Outcome, m *mock, partitions int) *observer {
	ob := &observer{last: map[int32]int64{}, history: map[int32][]int64{}, stop: make(chan struct{}), done: make(chan struct{})}
	cm := baseConfig(m)
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		o.errorf("observer: %v", err)
		close(ob.done)
		return ob
	}
	var tps []kafka.TopicPartition
	for p := 0; p < partitions; p++ {
		tps = append(tps, tp(int32(p), 0))
	}
	go func() {
		defer close(ob.done)
		defer c.Close()
		for {
			select {
			case <-ob.stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			res, err := c.Committed(tps, 2000)
			if err != nil {
				continue
			}
			ob.mu.Lock()
			for _, r := range res {
				off := int64(r.Offset)
				if off < 0 {
					continue
				}
				h := ob.history[r.Partition]
				if len(h) == 0 || h[len(h)-1] != off {
					ob.history[r.Partition] = append(h, off)
					series.committed(r.Partition, off)
					o.logf("observer: committed t[%d] = %d", r.Partition, off)
				}
				ob.last[r.Partition] = off
			}
			ob.mu.Unlock()
		}
	}()
	return ob
}

func (ob *observer) committed(p int32) int64 {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	if v, ok := ob.last[p]; ok {
		return v
	}
	return -1
}

// max is the highest committed offset the observer has seen for p, or -1.
func (ob *observer) max(p int32) int64 {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	max := int64(-1)
	for _, v := range ob.history[p] {
		if v > max {
			max = v
		}
	}
	return max
}

func (ob *observer) close() {
	close(ob.stop)
	<-ob.done
}

// rewinds reports the partitions whose committed offset went below a value it had
// already reached, and each partition's history.
func (ob *observer) rewinds() (rewound []int32, hist string) {
	ob.mu.Lock()
	defer ob.mu.Unlock()
	var ps []int
	for p := range ob.history {
		ps = append(ps, int(p))
	}
	sort.Ints(ps)
	var parts []string
	for _, p := range ps {
		h := ob.history[int32(p)]
		var max int64 = -1
		var s []string
		bad := false
		for _, v := range h {
			if v < max {
				bad = true
			}
			if v > max {
				max = v
			}
			s = append(s, fmt.Sprint(v))
		}
		if bad {
			rewound = append(rewound, int32(p))
		}
		parts = append(parts, fmt.Sprintf("t[%d]:%s", p, strings.Join(s, ">")))
	}
	return rewound, strings.Join(parts, " ")
}

// waitFor polls cond every 10 ms until it holds or d passes.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if cond() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return cond()
}

func errCode(err error) string {
	if err == nil {
		return "nil"
	}
	if ke, ok := err.(kafka.Error); ok {
		return fmt.Sprintf("%s(%d)", codeName(ke.Code()), int(ke.Code()))
	}
	return err.Error()
}

func codeName(c kafka.ErrorCode) string {
	switch c {
	case kafka.ErrState:
		return "ErrState"
	case kafka.ErrTimedOut:
		return "ErrTimedOut"
	case kafka.ErrNoOffset:
		return "ErrNoOffset"
	case kafka.ErrInvalidArg:
		return "ErrInvalidArg"
	case kafka.ErrUnknownPartition:
		return "ErrUnknownPartition"
	case kafka.ErrRebalanceInProgress:
		return "ErrRebalanceInProgress"
	case kafka.ErrIllegalGeneration:
		return "ErrIllegalGeneration"
	case kafka.ErrUnknownMemberID:
		return "ErrUnknownMemberID"
	}
	return c.String()
}

// storeErr is the error of a StoreOffsets call: the call's own error, else the
// first per-partition error (librdkafka fails the call only if none was stored).
func storeErr(res []kafka.TopicPartition, err error) string {
	if err != nil {
		return errCode(err)
	}
	for _, r := range res {
		if r.Error != nil {
			return errCode(r.Error)
		}
	}
	return "ok"
}

func partsString(tps []kafka.TopicPartition) string {
	var s []string
	for _, p := range tps {
		if p.Offset >= 0 {
			s = append(s, fmt.Sprintf("%d@%d", p.Partition, p.Offset))
		} else {
			s = append(s, fmt.Sprint(p.Partition))
		}
	}
	sort.Strings(s)
	return "[" + strings.Join(s, ",") + "]"
}

// closeWithin closes c and reports whether Close returned within d.
func closeWithin(c *kafka.Consumer, d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		c.Close()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}
