// Package app is the fixture of the kafkalint command tests: a module on
// confluent-kafka-go v1.4.0 (the stub) with two revokecommit reports and one
// suppressed report.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Reported: Unassign without a commit (line 13).
func Reported(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "partition.assignment.strategy": "cooperative-sticky"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			return /* ü */ c.IncrementalUnassign(e.Partitions)
		}
		return nil
	})
	drain(c)
}

// OtherAnalyzer: a directive for another analyzer suppresses nothing (line 27).
func OtherAnalyzer(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			//kafkalint:ignore storeoffset this names another analyzer
			return c.Unassign()
		}
		return nil
	})
	drain(c)
}

// Suppressed: not reported.
func Suppressed(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() //kafkalint:ignore revokecommit offsets are committed by the shutdown hook
		}
		return nil
	})
	drain(c)
}

// drain stores the offset past each message it has processed (the consumers
// have enable.auto.offset.store=false).
func drain(consumer *kafka.Consumer) {
	for {
		msg, err := consumer.ReadMessage(-1)
		if err != nil {
			return
		}
		tp := msg.TopicPartition
		tp.Offset++
		if _, err := consumer.StoreOffsets([]kafka.TopicPartition{tp}); err != nil {
			return
		}
	}
}
