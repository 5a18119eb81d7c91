// Package saferunner is package runner with a handler that commits and
// invalidates the stored offsets before it gives the partitions up: the
// silent twin of the wiring.
package saferunner

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Client is what the library needs of a consumer.
type Client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Assign(partitions []kafka.TopicPartition) error
	Unassign() error
	Commit() ([]kafka.TopicPartition, error)
	StoreOffsets(offsets []kafka.TopicPartition) ([]kafka.TopicPartition, error)
	Poll(timeoutMs int) kafka.Event
}

// Config is the library's configuration.
type Config struct {
	Client Client // want Client:`handover\(consumer param 0, missing wait\)`
	Topics []string
}

// Runner consumes with its Config.
type Runner struct {
	cfg Config
}

// NewRunner keeps the consumer in the library's config.
func NewRunner(c Client, topics []string) *Runner { // want NewRunner:`handover\(consumer param 0, missing wait\)`
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
		if _, err := r.cfg.Client.Commit(); err != nil {
			return err
		}
		for i := range e.Partitions {
			e.Partitions[i].Offset = kafka.OffsetInvalid
		}
		if _, err := r.cfg.Client.StoreOffsets(e.Partitions); err != nil {
			return err
		}
		return r.cfg.Client.Unassign() // fine: committed and invalidated first
	}
	return nil
}
