// Package runner is provider B of the combined dependency-injection graph, a
// library: NewRunner puts the consumer it is given into the library's
// config struct, and Run subscribes with a rebalance callback that gives the
// partitions up without committing (issue 16, shape 3).
package runner

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Client is what the library needs of a consumer.
type Client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Assign(partitions []kafka.TopicPartition) error
	Unassign() error
	Poll(timeoutMs int) kafka.Event
}

// Config is the library's configuration.
type Config struct {
	Client Client // want Client:`handover\(consumer param 0, missing commit\+invalidate\+wait\)`
	Topics []string
}

// Runner consumes with its Config.
type Runner struct {
	cfg Config
}

// NewRunner keeps the consumer in the library's config.
func NewRunner(c Client, topics []string) *Runner { // want NewRunner:`handover\(consumer param 0, missing commit\+invalidate\+wait\)`
	return &Runner{cfg: Config{Client: c, Topics: topics}}
}

// Run subscribes and polls.
func (r *Runner) Run() error {
	if err := r.cfg.Client.SubscribeTopics(r.cfg.Topics, r.rebalance); err != nil {
		return err
	}
	for {
		r.cfg.Client.Poll(100)
	}
}

func (r *Runner) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return r.cfg.Client.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return r.cfg.Client.Unassign() // reported in the wiring that hands it a risky consumer
	}
	return nil
}

// Typed is the library's generic consumer (issue 16, shape 5): it decodes
// the messages into M for its handler, with the same rebalance handling.
type Typed[M any] struct {
	client Client
	topics []string
	decode func([]byte) (M, error)
}

// NewTyped keeps the consumer in the library's config.
func NewTyped[M any](c Client, topics []string, decode func([]byte) (M, error)) *Typed[M] { // want NewTyped:`handover\(consumer param 0, missing commit\+invalidate\+wait\)`
	return &Typed[M]{client: c, topics: topics, decode: decode}
}

// Run subscribes and hands each decoded message to handle.
func (t *Typed[M]) Run(handle func(M) error) error {
	if err := t.client.SubscribeTopics(t.topics, t.rebalance); err != nil {
		return err
	}
	for {
		if m, ok := t.client.Poll(100).(*kafka.Message); ok {
			if v, err := t.decode(m.Value); err == nil {
				_ = handle(v)
			}
		}
	}
}

func (t *Typed[M]) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return t.client.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return t.client.Unassign() // reported in the wiring that hands it a risky consumer
	}
	return nil
}
