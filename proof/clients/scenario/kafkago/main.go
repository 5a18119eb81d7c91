// Command kafkago runs one segmentio/kafka-go Reader scenario against the
// runner's kfake cluster. It uses only API kafka-go has from v0.4.42 on.
package main

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/segmentio/kafka-go"

	"example.com/clientproof/kit"
)

func main() {
	kit.Main(kit.ModuleVersion("github.com/segmentio/kafka-go"), map[string]func(*kit.Outcome) string{
		"partition0":  partition0,
		"startoffset": startOffset,
		"fetchcommit": fetchCommit,
		"groupapi":    groupAPI,
		"readcrash":   readCrash,
		"gencommit":   genCommit,
		"commitorder": commitOrder,
	})
}

func reader(cfg kafka.ReaderConfig) *kafka.Reader {
	cfg.Brokers = []string{kit.Broker()}
	cfg.Topic = kit.Topic
	cfg.MaxWait = 300 * time.Millisecond
	if cfg.GroupID != "" {
		cfg.HeartbeatInterval = 300 * time.Millisecond
		cfg.SessionTimeout = 6 * time.Second
		cfg.RebalanceTimeout = 3 * time.Second
	}
	return kafka.NewReader(cfg)
}

// read reads until it has n messages or d passes, with fetch (FetchMessage or
// ReadMessage).
func read(fetch func(context.Context) (kafka.Message, error), n int, d time.Duration) []kafka.Message {
	var ms []kafka.Message
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	for len(ms) < n {
		m, err := fetch(ctx)
		if err != nil {
			break
		}
		ms = append(ms, m)
	}
	return ms
}

// partition0: a Reader of a 3-partition topic with neither GroupID nor
// Partition (K2), and one with GroupID.
func partition0(o *kit.Outcome) string {
	cfg := kafka.ReaderConfig{}
	if kit.Handler() == "groupid" {
		cfg.GroupID = kit.GroupID
	}
	r := reader(cfg)
	defer r.Close()
	o.Set("stage", "read")
	ms := read(r.ReadMessage, 15, 8*time.Second)
	seen := map[int]bool{}
	for _, m := range ms {
		seen[m.Partition] = true
	}
	var ps []int
	for p := range seen {
		ps = append(ps, p)
	}
	sort.Ints(ps)
	return fmt.Sprintf("read %d of 15, from partitions %v", len(ms), ps)
}

// startOffset: StartOffset: LastOffset without GroupID (K3), SetOffset instead,
// and StartOffset with GroupID; a record is produced once the reader runs.
func startOffset(o *kit.Outcome) string {
	var r *kafka.Reader
	switch kit.Handler() {
	case "startoffset-no-group":
		r = reader(kafka.ReaderConfig{StartOffset: kafka.LastOffset})
	case "setoffset":
		r = reader(kafka.ReaderConfig{})
		if err := r.SetOffset(kafka.LastOffset); err != nil {
			o.Errorf("SetOffset: %v", err)
		}
	case "startoffset-group":
		r = reader(kafka.ReaderConfig{GroupID: kit.GroupID, StartOffset: kafka.LastOffset})
	}
	defer r.Close()
	first := make(chan int64, 1)
	go func() {
		ms := read(r.ReadMessage, 1, 20*time.Second)
		if len(ms) == 0 {
			first <- -1
			return
		}
		first <- ms[0].Offset
	}()
	o.Set("stage", "read")
	// The reader resolves LastOffset when it starts fetching; give it time.
	time.Sleep(3 * time.Second)
	kit.Produce(0, 1) // offset 5
	off := <-first
	switch {
	case off == 5:
		return "first message at offset 5: only the new message"
	case off >= 0:
		return fmt.Sprintf("first message at offset %d: the old messages are read", off)
	}
	return "nothing read"
}

// fetchCommit: a group reader fetches 5 messages with FetchMessage and no
// CommitMessages (K5), with CommitMessages, or with ReadMessage; then a fresh
// group reader starts.
func fetchCommit(o *kit.Outcome) string {
	cfg := kafka.ReaderConfig{GroupID: kit.GroupID}
	if kit.Handler() == "fetch-commit-interval" {
		// Commits are queued and sent every second; Close flushes them.
		cfg.CommitInterval = time.Second
	}
	r := reader(cfg)
	o.Set("stage", "read")
	fetch := r.FetchMessage
	if kit.Handler() == "readmessage" {
		fetch = r.ReadMessage
	}
	ms := read(fetch, 5, 20*time.Second)
	if len(ms) < 5 {
		return fmt.Sprintf("TIMEOUT read %d of 5", len(ms))
	}
	if kit.Handler() == "fetch-commit" || kit.Handler() == "fetch-commit-interval" {
		if err := r.CommitMessages(context.Background(), ms...); err != nil {
			o.Errorf("CommitMessages: %v", err)
		}
	}
	if !kit.Within(10*time.Second, func() { r.Close() }) {
		o.Errorf("Close did not return within 10s")
	}
	committed := kit.CommittedString(kit.GroupID, 1)
	kit.Produce(0, 1) // offset 5
	o.Set("stage", "restart")
	r2 := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
	defer r2.Close()
	first := int64(-1)
	if ms := read(r2.ReadMessage, 1, 20*time.Second); len(ms) > 0 {
		first = ms[0].Offset
	}
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

// readCrash: a group reader gets 5 messages and its processing fails at the
// third (the program stops: Close, as a deferred Close on an error return
// would); with ReadMessage, which commits each message as it returns it (K1),
// or FetchMessage with CommitMessages after each processed message. Then a
// fresh group reader starts.
func readCrash(o *kit.Outcome) string {
	r := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
	o.Set("stage", "read")
	processed := 0
	for processed < 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		var m kafka.Message
		var err error
		if kit.Handler() == "readmessage" {
			m, err = r.ReadMessage(ctx)
		} else {
			m, err = r.FetchMessage(ctx)
		}
		cancel()
		if err != nil {
			return "TIMEOUT reading"
		}
		processed++ // process(m) succeeds
		if kit.Handler() != "readmessage" {
			if err := r.CommitMessages(context.Background(), m); err != nil {
				o.Errorf("CommitMessages: %v", err)
			}
		}
	}
	// The third message: read, and its processing fails.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	if kit.Handler() == "readmessage" {
		_, _ = r.ReadMessage(ctx)
	} else {
		_, _ = r.FetchMessage(ctx)
	}
	cancel()
	if !kit.Within(10*time.Second, func() { r.Close() }) {
		o.Errorf("Close did not return within 10s")
	}
	committed := kit.CommittedString(kit.GroupID, 1)
	o.Set("stage", "restart")
	r2 := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
	defer r2.Close()
	first := int64(-1)
	if ms := read(r2.ReadMessage, 1, 20*time.Second); len(ms) > 0 {
		first = ms[0].Offset
	}
	v := fmt.Sprintf("processed 0-1, failed at 2; committed %s; restart at %d", committed, first)
	if first > 2 {
		v += ": the failed message is never processed"
	}
	return v
}

// groupAPI: CommitMessages on a reader without GroupID, SetOffset on one with
// it (K4): what the call returns.
func groupAPI(o *kit.Outcome) string {
	switch kit.Handler() {
	case "commit-no-group":
		r := reader(kafka.ReaderConfig{})
		defer r.Close()
		ms := read(r.ReadMessage, 1, 10*time.Second)
		if len(ms) == 0 {
			return "nothing read"
		}
		return "CommitMessages: " + errText(r.CommitMessages(context.Background(), ms...))
	default: // setoffset-group
		r := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
		defer r.Close()
		return "SetOffset: " + errText(r.SetOffset(0))
	}
}

func errText(err error) string {
	if err == nil {
		return "nil (it worked)"
	}
	var ke kafka.Error
	if errors.As(err, &ke) {
		return fmt.Sprintf("kafka error %d", int(ke))
	}
	return err.Error()
}

// genCommit: a member of a ConsumerGroup reads its partition with a
// partition reader from the assignment's offset and commits with
// Generation.CommitOffsets (K6), given the last message's own offset, or
// that offset + 1 (what Reader.CommitMessages commits: commit.go makeCommit);
// then the generation ends and a fresh group reader starts.
func genCommit(o *kit.Outcome) string {
	cg, err := kafka.NewConsumerGroup(kafka.ConsumerGroupConfig{
		ID:                kit.GroupID,
		Brokers:           []string{kit.Broker()},
		Topics:            []string{kit.Topic},
		HeartbeatInterval: 300 * time.Millisecond,
		SessionTimeout:    6 * time.Second,
		RebalanceTimeout:  3 * time.Second,
	})
	if err != nil {
		return "NewConsumerGroup: " + err.Error()
	}
	o.Set("stage", "join")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	gen, err := cg.Next(ctx)
	cancel()
	if err != nil {
		cg.Close()
		return "TIMEOUT joining: " + err.Error()
	}
	as := gen.Assignments[kit.Topic]
	if len(as) != 1 {
		cg.Close()
		return fmt.Sprintf("assigned %d partitions, want 1", len(as))
	}
	o.Set("stage", "read")
	r := reader(kafka.ReaderConfig{Partition: as[0].ID})
	if err := r.SetOffset(as[0].Offset); err != nil {
		o.Errorf("SetOffset: %v", err)
	}
	ms := read(r.ReadMessage, 5, 20*time.Second)
	r.Close()
	if len(ms) < 5 {
		cg.Close()
		return fmt.Sprintf("TIMEOUT read %d of 5", len(ms))
	}
	last := ms[len(ms)-1]
	offset := last.Offset // commitoffsets-own
	if kit.Handler() == "commitoffsets-plus1" {
		offset = last.Offset + 1
	}
	if err := gen.CommitOffsets(map[string]map[int]int64{last.Topic: {last.Partition: offset}}); err != nil {
		o.Errorf("CommitOffsets: %v", err)
	}
	if !kit.Within(10*time.Second, func() { cg.Close() }) {
		o.Errorf("ConsumerGroup.Close did not return within 10s")
	}
	committed := kit.CommittedString(kit.GroupID, 1)
	kit.Produce(0, 1) // offset 5
	o.Set("stage", "restart")
	r2 := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
	defer r2.Close()
	first := int64(-1)
	if ms := read(r2.ReadMessage, 1, 20*time.Second); len(ms) > 0 {
		first = ms[0].Offset
	}
	v := fmt.Sprintf("committed %s; restart at %d", committed, first)
	switch {
	case first < 0:
		v += ": nothing read"
	case first == 4:
		v += ": last message redelivered"
	}
	return v
}

// commitOrder: a group reader with immediate commits (CommitInterval 0, the
// default) fetches 5 messages, handed to a worker pool whose workers call
// CommitMessages on the one reader as each finishes (issue 33 item 8): in
// completion order (message 4's worker first, message 2's, slow, last), or
// in order (2, then 4). Then a fresh group reader starts.
func commitOrder(o *kit.Outcome) string {
	r := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
	o.Set("stage", "read")
	ms := read(r.FetchMessage, 5, 20*time.Second)
	if len(ms) < 5 {
		return fmt.Sprintf("TIMEOUT read %d of 5", len(ms))
	}
	order := []kafka.Message{ms[2], ms[4]}
	if kit.Handler() == "completion-order" {
		order = []kafka.Message{ms[4], ms[2]}
	}
	for _, m := range order {
		if err := r.CommitMessages(context.Background(), m); err != nil {
			o.Errorf("CommitMessages(%d): %v", m.Offset, err)
		}
	}
	if !kit.Within(10*time.Second, func() { r.Close() }) {
		o.Errorf("Close did not return within 10s")
	}
	committed := kit.CommittedString(kit.GroupID, 1)
	o.Set("stage", "restart")
	r2 := reader(kafka.ReaderConfig{GroupID: kit.GroupID})
	defer r2.Close()
	first := int64(-1)
	if ms := read(r2.ReadMessage, 1, 20*time.Second); len(ms) > 0 {
		first = ms[0].Offset
	}
	v := fmt.Sprintf("committed %d, then %d: group at %s; restart at %d", order[0].Offset+1, order[1].Offset+1, committed, first)
	switch {
	case first < 0:
		v += ": nothing redelivered"
	case first < 5:
		v += ": processed messages redelivered"
	}
	return v
}
