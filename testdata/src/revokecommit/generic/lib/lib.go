// Package lib is a generic consumer library (issue 16, shape 5): Consumer[M]
// decodes messages to M, New[M] creates the consumer from the caller's
// configuration, and the generic method Run subscribes with the method value
// c.rebalance, whose handler unassigns without a commit. The configuration is
// known only to the caller of New.
package lib

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// Consumer decodes the messages of its consumer to M.
type Consumer[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

// New creates the consumer from the caller's configuration.
func New[M any](cm *kafka.ConfigMap, decode func([]byte) (M, error)) (*Consumer[M], error) { // want New:`handover\(config param 0, missing commit\+invalidate\+wait\)`
	c, err := kafka.NewConsumer(cm)
	if err != nil {
		return nil, err
	}
	return &Consumer[M]{c: c, decode: decode}, nil
}

// Run consumes the topics and stores the offset after each message handled.
func (c *Consumer[M]) Run(ctx context.Context, topics []string, handle func(M) error) error {
	if err := c.c.SubscribeTopics(topics, c.rebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := c.decode(m.Value); err == nil && handle(v) == nil {
			_, _ = c.c.StoreMessage(m)
		}
	}
	return nil
}

func (c *Consumer[M]) rebalance(k *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return k.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return c.c.Unassign()
	}
	return nil
}
