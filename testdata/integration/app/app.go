// Package app is the target of the driver integration tests (golangci-lint
// plugin, editors, gopls): the confluent-kafka-go #209 handler on v1.4.0.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func config() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}
}

// Run gives partitions up without committing: reported, with a fix.
func Run(topics []string) error {
	c, err := kafka.NewConsumer(config())
	if err != nil {
		return err
	}
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
}

// Quiet is the same handler, its report suppressed for golangci-lint.
func Quiet(topics []string) error {
	c, err := kafka.NewConsumer(config())
	if err != nil {
		return err
	}
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() //nolint:kafkalint // the integration test checks this is not reported
		}
		return nil
	})
}

// Process is called by the application for each message it has handled: it
// stores the next offset, for the auto-committer to commit.
func Process(c *kafka.Consumer, m *kafka.Message) error {
	next := m.TopicPartition
	next.Offset++
	_, err := c.StoreOffsets([]kafka.TopicPartition{next})
	return err
}
