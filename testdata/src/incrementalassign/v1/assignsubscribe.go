package v1

// Category assignsubscribe: Assign at chosen positions, then Subscribe on the
// same consumer (issue 33 item 2; cloudevents' kafka_confluent protocol.go).

import (
	"context"
	"errors"
	"sync"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

type positionsKey struct{}

// withPositions sets the positions where the consumer starts consuming from.
func withPositions(ctx context.Context, tps []kafka.TopicPartition) context.Context {
	return context.WithValue(ctx, positionsKey{}, tps)
}

func positionsFrom(ctx context.Context) []kafka.TopicPartition {
	tps, _ := ctx.Value(positionsKey{}).([]kafka.TopicPartition)
	return tps
}

// ceProtocol is the shape of cloudevents' ceProtocol: the consumer, its topics and
// an optional rebalance callback come from options.
type ceProtocol struct {
	consumer    *kafka.Consumer
	topics      []string
	rebalanceCb kafka.RebalanceCb // optional
	mu          sync.Mutex
	incoming    chan *kafka.Message
}

type protocolOption func(*ceProtocol) error

func withRebalanceCallBack(cb kafka.RebalanceCb) protocolOption {
	return func(p *ceProtocol) error {
		p.rebalanceCb = cb
		return nil
	}
}

func newProtocol(cm *kafka.ConfigMap, topics []string, opts ...protocolOption) (*ceProtocol, error) {
	p := &ceProtocol{topics: topics, incoming: make(chan *kafka.Message)}
	for _, o := range opts {
		if err := o(p); err != nil {
			return nil, err
		}
	}
	c, err := kafka.NewConsumer(cm)
	if err != nil {
		return nil, err
	}
	p.consumer = c
	return p, nil
}

func (p *ceProtocol) OpenInbound(ctx context.Context) error {
	if p.consumer == nil {
		return errors.New("the consumer client must be set")
	}
	p.mu.Lock()
	defer p.mu.Unlock()

	// Query committed offsets for each partition
	if positions := positionsFrom(ctx); positions != nil {
		if err := p.consumer.Assign(positions); err != nil { // want `p\.consumer\.Assign before SubscribeTopics on the same consumer, set the start positions in the rebalance callback's AssignedPartitions case instead \(the group's first assignment replaces this one and starts each partition at the group's committed offset or auto\.offset\.reset, not at these positions\)`
			return err
		}
	}

	if err := p.consumer.SubscribeTopics(p.topics, p.rebalanceCb); err != nil {
		return err
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			switch e := p.consumer.Poll(100).(type) {
			case *kafka.Message:
				p.incoming <- e
			case kafka.Error:
				return e
			}
		}
	}
}

func assignThenSubscribeNoCallback(cm *kafka.ConfigMap, topic string, tps []kafka.TopicPartition) error {
	c, err := kafka.NewConsumer(cm)
	if err != nil {
		return err
	}
	if err := c.Assign(tps); err != nil { // want `c\.Assign before Subscribe on the same consumer`
		return err
	}
	return c.Subscribe(topic, nil)
}

func incrementalThenSubscribe(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition) error {
	c.IncrementalAssign(tps) // want `c\.IncrementalAssign before SubscribeTopics on the same consumer`
	return c.SubscribeTopics(topics, nil)
}

// The usual callback assigns the group's partitions at the group's offsets:
// it does not set the positions the Assign before asked for.
func assignThenSubscribeGroupCallback(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition) error {
	if err := c.Assign(tps); err != nil { // want `c\.Assign before SubscribeTopics on the same consumer`
		return err
	}
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
}

// Silent: the correct way to start at chosen offsets, the positions assigned
// in the callback's AssignedPartitions case.
func subscribeAssignPositions(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition) error {
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(tps)
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
}

// positioner sets the offsets of the partitions the group assigns.
type positioner struct {
	start map[int32]kafka.Offset
}

func (p *positioner) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	return p.onEvent(c, ev)
}

func (p *positioner) onEvent(c *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		for i := range e.Partitions {
			if off, ok := p.start[e.Partitions[i].Partition]; ok {
				e.Partitions[i].Offset = off
			}
		}
		return c.Assign(e.Partitions)
	}
	return nil
}

// Silent: an Assign before, but the callback (through a helper it calls) sets
// the start positions on every assignment.
func assignThenSubscribePositioner(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition, p *positioner) error {
	c.Assign(tps) // the callback sets the positions again when the group assigns
	return c.SubscribeTopics(topics, p.rebalance)
}

// Silent: manual assignment without a group subscription.
func assignOnly(c *kafka.Consumer, tps []kafka.TopicPartition) error {
	return c.Assign(tps)
}

// Silent: a subscription without a manual assignment.
func subscribeOnly(c *kafka.Consumer, topics []string) error {
	return c.SubscribeTopics(topics, nil)
}

// Silent: the Assign is on another consumer.
func assignOtherConsumer(cm *kafka.ConfigMap, topics []string, tps []kafka.TopicPartition) error {
	reader, err := kafka.NewConsumer(cm)
	if err != nil {
		return err
	}
	member, err := kafka.NewConsumer(cm)
	if err != nil {
		return err
	}
	if err := reader.Assign(tps); err != nil {
		return err
	}
	return member.SubscribeTopics(topics, nil)
}

// Silent: the subscription ends before the manual assignment.
func assignAfterUnsubscribe(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition) error {
	if err := c.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	c.Poll(100)
	if err := c.Unsubscribe(); err != nil {
		return err
	}
	return c.Assign(tps)
}

// Silent: either a manual assignment or a subscription, never both.
func assignOrSubscribe(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition) error {
	if len(tps) > 0 {
		if err := c.Assign(tps); err != nil {
			return err
		}
	} else if err := c.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	return nil
}

// Silent: the manual assignment is ended before the subscription.
func assignUnassignSubscribe(c *kafka.Consumer, topics []string, tps []kafka.TopicPartition) error {
	c.Assign(tps)
	c.Poll(100)
	c.Unassign()
	return c.SubscribeTopics(topics, nil)
}

// Silent: Assign(nil) asks for no positions.
func clearThenSubscribe(c *kafka.Consumer, topics []string) error {
	c.Assign(nil)
	return c.SubscribeTopics(topics, nil)
}
