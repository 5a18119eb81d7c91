package testutil

// IllTypedSources are consumer programs with syntax and type errors, for
// RunIllTyped: rebalance handlers with missing arguments, undefined names and
// unfinished statements. The first has well-typed parts too (wellTyped), whose
// mistakes the analyzers that read syntax still report; the second does not
// even parse.
var IllTypedSources = []string{
	`package illtyped

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

func f(c *kafka.Consumer, topics []string) {
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
	for ev := range c.Events {
		_ = ev.(kafka.AssignedPartitions)
	}
	ev := undefinedFunc()
	switch ev.(type) {
	case kafka.RevokedPartitions:
	}
	var ch chan int
	for ev := range ch {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			undefined.Unassign(e.Partitions)
		}
	}
	c.Subscribe(nil)
	c.Unassign()
}
`,
	`package illtyped

import "github.com/confluentinc/confluent-kafka-go/kafka"

func g(c *kafka.Consumer) {
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(
		case kafka.RevokedPartitions
			c.IncrementalUnassign(e.
	})
	switch c.Poll(100).(type
	case kafka.AssignedPartitions:
	}
	if _, ok := c.Poll(1).(kafka.RevokedPartitions; ok {
	}
`,
}

// IllTypedClientSources are franz-go and kafka-go consumers with syntax and
// type errors, for RunIllTyped: options, callbacks, readers and configurations
// with missing arguments, undefined names and unfinished statements.
var IllTypedClientSources = []string{
	`package illtyped

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func f(ctx context.Context, extra ...kgo.Opt) {
	opts := append([]kgo.Opt{kgo.ConsumerGroup(undefinedGroup)}, extra...)
	opts = append(opts, kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, m map[string][]int32) {
		cl.Close(
		cl.CommitOffsets(ctx, undefinedMap, nil)
	}), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll)
	cl, err := kgo.NewClient(opts...)
	cl.MarkCommitRecords(undefinedRecord)
	cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{"t": {0: {Offset: r.Offset}}})
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		cl.CommitOffsetsSync(ctx, map[string]map[int32]kgo.EpochOffset{r.Topic: {r.Partition: {r.LeaderEpoch, r.Offset}}}, nil)
	}
	cl.Close()
}
`,
	`package illtyped

import (
	"context"

	"github.com/segmentio/kafka-go"
)

func g(ctx context.Context) {
	cfg := kafka.ReaderConfig{Brokers: undefinedBrokers, Topic: "t", StartOffset: kafka.LastOffset
	r := kafka.NewReader(cfg)
	m, err := r.FetchMessage(ctx)
	r.CommitMessages(ctx, m
	r.SetOffset(undefined)
	r2 := kafka.NewReader(undefinedConfig())
	r2.ReadMessage(
}
`,
}
