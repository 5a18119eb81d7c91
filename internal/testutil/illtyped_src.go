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
