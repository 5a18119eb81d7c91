// Package typeparams has generic code around the consumer.
package typeparams

import "github.com/confluentinc/confluent-kafka-go/kafka"

// pipeline is generic in the message type it decodes to.
type pipeline[T any] struct {
	consumer *kafka.Consumer
	decode   func([]byte) (T, error)
}

func newPipeline[T any](topics []string, decode func([]byte) (T, error)) *pipeline[T] {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	p := &pipeline[T]{consumer: c, decode: decode}
	c.SubscribeTopics(topics, p.rebalance)
	return p
}

func (p *pipeline[T]) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return p.consumer.Unassign() // want `p\.consumer\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
	}
	return nil
}

func drain[T any](c *kafka.Consumer, _ T) {
	c.Commit()
}

func genericHelperCommitsOnly(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			drain(c, 0)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation`
		}
		return nil
	})
}
