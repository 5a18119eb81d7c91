package analyzer_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// illTypedClients are, for each client, a program with one mistake (at least)
// per analyzer of that client, and code with syntax and type errors to add to
// it, as editors hand analyzers code being written. On the program alone each
// analyzer of the client makes its reports ("analyzer line: message prefix",
// in the suite's order), which shows that the program exercises it; with the
// broken code added, the analyzers that read syntax still make theirs, and
// those that follow values on the SSA form, which a package with type errors
// does not have (internal/valueflow), are silent: an untraced value makes no
// report.
var illTypedClients = []struct {
	client            string
	wellTyped, broken string
	reports           []string // on wellTyped
	illTyped          []string // on wellTyped + broken
}{
	{
		client: "confluent-kafka-go",
		wellTyped: `package illtyped

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func wellTyped(c *kafka.Consumer) error {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.comit": false})
	c2, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c2.SubscribeTopics(nil, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		}
		return nil
	})
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			return err
		}
		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
	}
}

func revoke(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions:
			c.Assign(e.Partitions)
		}
	}
}

func neverCommitted() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false})
	c.Subscribe("t", nil)
	for {
		m, err := c.ReadMessage(-1)
		if err == nil {
			_ = m //kafkalint:ignore storeofset a misspelt name
		}
	}
}
`,
		broken: `
func broken(c *kafka.Consumer, topics []string) {
	c2, _ := kafka.NewConsumer(&kafka.ConfigMap{"partition.assignment.strategy": undefinedVar, "group.protocol": "consumer"})
	c2.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions, 3)
		case kafka.RevokedPartitions:
			return c.Unassign(e)
		case undefinedType:
		}
	})
	switch x := c.Poll().(type) {
	case kafka.RevokedPartitions, missing.T:
	}
	ev := undefinedFunc()
	c.Subscribe(nil)
}
`,
		reports: []string{
			`revokecommit 33: c.Unassign in RevokedPartitions handler is not preceded on every path by a commit`,
			`storeoffset 24: c.StoreOffsets stores the offset of message m itself, not the next one`,
			`configkey 10: unknown configuration property "enable.auto.comit" (did you mean "enable.auto.commit"?)`,
			`pollrebalance 39: AssignedPartitions case on c.Poll events never matches on v1.8.2 or later`,
			`incrementalassign 15: c.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`,
			`readtimeout 22: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`,
			`neverstored 46: consumer with enable.auto.commit=false never commits`,
			`directive 51: //kafkalint:ignore directive names storeofset, which is no analyzer of kafkalint`,
		},
		illTyped: []string{
			`configkey 10: unknown configuration property "enable.auto.comit"`,
			`readtimeout 22: return on any error of c.ReadMessage`,
			`directive 51: //kafkalint:ignore directive names storeofset`,
		},
	},
	{
		client: "sarama",
		wellTyped: `package main

import (
	"context"

	"github.com/IBM/sarama"
)

type handler struct{ out chan *sarama.ConsumerMessage }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.out <- msg
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "")
	}
	return nil
}

type leaky struct{}

func (leaky) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (leaky) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (leaky) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go markAll(sess, claim.Messages())
	return nil
}

func markAll(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage) {
	for m := range msgs {
		sess.MarkMessage(m, "")
	}
}

func main() {
	ctx := context.Background()
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup(nil, "g", cfg)
	if err != nil {
		panic(err)
	}
	if err := g.Consume(ctx, []string{"t"}, handler{}); err != nil {
		panic(err)
	}
	for ctx.Err() == nil {
		g.Consume(ctx, []string{"u"}, leaky{})
	}
}
`,
		broken: `
type broken struct{}

func (broken) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages( {
		sess.MarkMessage(msg, undefined)
	}
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = undefinedBool
	sarama.NewConsumerGroup(nil, "g", cfg, 1)
}
`,
		reports: []string{
			`claimloop 14: loop over claim.Messages() in handler.ConsumeClaim blocks and never watches sess.Context().Done()`,
			`markoffset 16: sess.MarkOffset marks the offset of message msg itself, not the next one`,
			`consumeloop 44: g.Consume is not called in a loop`,
			`nocommit 40: sarama.NewConsumerGroup gets a configuration with Consumer.Offsets.AutoCommit.Enable false and nothing in the program calls session.Commit()`,
			`asyncmark 26: goroutine started in leaky.ConsumeClaim marks offsets and ConsumeClaim does not wait for it`,
		},
		illTyped: []string{
			`claimloop 14: loop over claim.Messages() in handler.ConsumeClaim blocks`,
			`asyncmark 26: goroutine started in leaky.ConsumeClaim marks offsets`,
		},
	},
	{
		client: "franz-go",
		wellTyped: `package illtyped

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func wellTyped(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitOffsets(ctx, cl.UncommittedOffsets(), nil)
		}),
	)
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) {
		cl.MarkCommitRecords(r)
	})
	return nil
}
`,
		broken: `
func broken(ctx context.Context, extra ...kgo.Opt) {
	opts := append([]kgo.Opt{kgo.ConsumerGroup(undefinedGroup)}, extra...)
	cl, err := kgo.NewClient(opts...)
	cl.MarkCommitRecords(undefinedRecord)
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		cl.CommitOffsetsSync(ctx, map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {r.LeaderEpoch, r.Offset}}}, nil)
	}
}
`,
		reports: []string{
			`kgorebalance 14: cl.CommitOffsets inside the OnPartitionsRevoked callback does not wait for the commit`,
			`kgocommit 22: cl.MarkCommitRecords does nothing on a client with kgo.DisableAutoCommit`,
		},
		illTyped: nil,
	},
	{
		client: "kafka-go",
		wellTyped: `package illtyped

import (
	"context"

	"github.com/segmentio/kafka-go"
)

func wellTyped(ctx context.Context, brokers []string) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		_ = m
	}
}

func ownOffset(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}})
	}
}
`,
		broken: `
func broken(ctx context.Context) {
	cfg := kafka.ReaderConfig{Brokers: undefinedBrokers, Topic: "t", StartOffset: kafka.LastOffset
	r := kafka.NewReader(cfg)
	m, err := r.FetchMessage(ctx)
	r.CommitMessages(ctx, m
	r2.ReadMessage(
}
`,
		reports: []string{
			`kafkagoreader 13: r.FetchMessage on a group reader, and nothing commits on it`,
			`kafkagocommit 27: gen.CommitOffsets commits the offset of message m itself, not the next one`,
		},
		illTyped: nil,
	},
}

// TestIllTyped runs every analyzer of the suite, as drivers do, on each
// client's program of illTypedClients, alone and with code being written: none
// may fail or panic, each must make exactly the reports listed, and each must
// report on its own client's program. On testutil's ill-typed sources, one of
// which does not even parse, only the syntax readers report, on the first.
func TestIllTyped(t *testing.T) {
	exercised := make(map[string]string)
	for _, c := range illTypedClients {
		for _, run := range []struct {
			src  string
			want []string
		}{{c.wellTyped, c.reports}, {c.wellTyped + c.broken, c.illTyped}} {
			var got []string
			for _, a := range analyzer.Analyzers() {
				for _, d := range testutil.RunIllTyped(t, a, run.src) {
					// The source is the only file of its FileSet: a Pos is its
					// offset plus 1.
					line := strings.Count(run.src[:int(d.Pos)-1], "\n") + 1
					got = append(got, fmt.Sprintf("%s %d: %s", a.Name, line, d.Message))
				}
			}
			ok := len(got) == len(run.want)
			for j := range min(len(got), len(run.want)) {
				ok = ok && strings.HasPrefix(got[j], run.want[j])
			}
			if !ok {
				t.Errorf("on the %s program (%d lines) the suite reports\n%s\nwant\n%s", c.client, strings.Count(run.src, "\n"), strings.Join(got, "\n"), strings.Join(run.want, "\n"))
			}
		}
		for _, r := range c.reports {
			name, _, _ := strings.Cut(r, " ")
			if other, dup := exercised[name]; dup && other != c.client {
				t.Errorf("%s reports on the programs of %s and %s", name, other, c.client)
			}
			exercised[name] = c.client
		}
	}
	for _, a := range analyzer.Analyzers() {
		if _, ok := exercised[a.Name]; !ok {
			t.Errorf("%s reports on no client's program of illTypedClients", a.Name)
		}
	}
	for i, src := range slices.Concat(testutil.IllTypedSources, testutil.IllTypedClientSources) {
		var want []string
		if i == 0 { // its well-typed function's mistakes
			want = []string{
				`configkey 10: unknown configuration property "enable.auto.comit" (did you mean "enable.auto.commit"?)`,
				`readtimeout 22: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`,
			}
		}
		var got []string
		for _, a := range analyzer.Analyzers() {
			for _, d := range testutil.RunIllTyped(t, a, src) {
				line := strings.Count(src[:int(d.Pos)-1], "\n") + 1
				got = append(got, fmt.Sprintf("%s %d: %s", a.Name, line, d.Message))
			}
		}
		ok := len(got) == len(want)
		for j := range min(len(got), len(want)) {
			ok = ok && strings.HasPrefix(got[j], want[j])
		}
		if !ok {
			t.Errorf("on testutil's ill-typed source %d the suite reports\n%s\nwant\n%s", i, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
