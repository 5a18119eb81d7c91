package v2

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Generic consumers (issue 16, shape 5): the consumer is held in a generic
// struct, made by a generic constructor, and subscribed with a method value
// by a generic method that nothing in the package calls (its users do).
// Silent on v2 as the non-generic handlers are (reported in package
// allversions).
type Typed[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newTyped[M any](cfg *kafka.ConfigMap, decode func([]byte) (M, error)) (*Typed[M], error) {
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	return &Typed[M]{c: c, decode: decode}, nil
}

func decodeString(b []byte) (string, error) { return string(b), nil }

func newTypedEvents() (*Typed[string], error) {
	return newTyped(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, decodeString)
}

// Run subscribes with the method value t.rebalance and stores what it handled.
func (t *Typed[M]) Run(ctx context.Context, topics []string, handle func(M) error) error {
	if err := t.c.SubscribeTopics(topics, t.rebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(m.Value); err == nil && handle(v) == nil {
			t.c.StoreMessage(m)
		}
	}
	return nil
}

func (t *Typed[M]) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return t.c.Unassign() // fine on v2: the library prevents the rewind
	}
	return nil
}

// SafeTyped is the same generic consumer whose handler commits and
// invalidates before it unassigns: silent.
type SafeTyped[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newSafeTyped[M any](cfg *kafka.ConfigMap, decode func([]byte) (M, error)) (*SafeTyped[M], error) {
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	return &SafeTyped[M]{c: c, decode: decode}, nil
}

func newSafeTypedEvents() (*SafeTyped[string], error) {
	return newSafeTyped(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, decodeString)
}

func (t *SafeTyped[M]) Run(ctx context.Context, topics []string, handle func(M) error) error {
	if err := t.c.SubscribeTopics(topics, t.rebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(m.Value); err == nil && handle(v) == nil {
			t.c.StoreMessage(m)
		}
	}
	return nil
}

func (t *SafeTyped[M]) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.RevokedPartitions); ok {
		if _, err := c.Commit(); err != nil && err.(kafka.Error).Code() != kafka.ErrNoOffset {
			return err
		}
		parts := make([]kafka.TopicPartition, len(e.Partitions))
		for i, tp := range e.Partitions {
			tp.Offset = kafka.OffsetInvalid
			parts[i] = tp
		}
		if _, err := c.StoreOffsets(parts); err != nil {
			return err
		}
		return t.c.Unassign() // fine: committed and invalidated on every path
	}
	return nil
}
