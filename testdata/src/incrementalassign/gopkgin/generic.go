package gopkgin

import (
	"context"
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// Generic consumers (issue 16, shape 5): the consumer is held in a generic
// struct made by a generic constructor, and subscribed with a method value
// by a generic method that nothing in the package calls (its users do).
type typedCoop[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newTypedCoop[M any](decode func([]byte) (M, error)) (*typedCoop[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	if err != nil {
		return nil, err
	}
	return &typedCoop[M]{c: c, decode: decode}, nil
}

func (t *typedCoop[M]) Run(ctx context.Context, topics []string) error {
	if err := t.c.SubscribeTopics(topics, t.rebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, err := t.c.ReadMessage(time.Second); err == nil {
			t.decode(m.Value)
		}
	}
	return nil
}

func (t *typedCoop[M]) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return c.Assign(e.Partitions) // want `c\.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`
	case kafka.RevokedPartitions:
		return t.c.Unassign() // want `t\.c\.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky, use IncrementalUnassign`
	}
	return nil
}

// typedIncremental is its twin that assigns incrementally: silent.
type typedIncremental[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newTypedIncremental[M any](decode func([]byte) (M, error)) (*typedIncremental[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	if err != nil {
		return nil, err
	}
	return &typedIncremental[M]{c: c, decode: decode}, nil
}

func (t *typedIncremental[M]) Run(ctx context.Context, topics []string) error {
	if err := t.c.SubscribeTopics(topics, t.rebalance); err != nil {
		return err
	}
	for ctx.Err() == nil {
		if m, err := t.c.ReadMessage(time.Second); err == nil {
			t.decode(m.Value)
		}
	}
	return nil
}

func (t *typedIncremental[M]) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return c.IncrementalAssign(e.Partitions)
	case kafka.RevokedPartitions:
		return t.c.IncrementalUnassign(e.Partitions)
	}
	return nil
}
