// Package lib gets its consumer from a provider: the exported constructor
// takes the caller's ConfigMap, checks it and keeps a closure that creates
// the consumer; a later method calls it, keeps the consumer in an interface
// field of a second struct and subscribes with that struct's method value,
// which delegates to the method that holds the type switch; offsets are
// stored by a goroutine fed by a channel (issue 16, shape 2). The
// configuration is known only to the caller of New.
package lib

import (
	"errors"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

type client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Unassign() error
	StoreOffsets(offsets []kafka.TopicPartition) ([]kafka.TopicPartition, error)
	Poll(timeoutMs int) kafka.Event
}

// Reader reads with the consumer its provider creates.
type Reader struct {
	provide func() (client, error)
}

// New checks the caller's configuration and keeps a provider.
func New(cm *kafka.ConfigMap) (*Reader, error) { // want New:`handover\(config param 0, missing commit\+invalidate\+wait\)`
	if _, err := cm.Get("group.id", nil); err != nil {
		return nil, errors.New("group.id required")
	}
	return &Reader{provide: func() (client, error) { return kafka.NewConsumer(cm) }}, nil
}

type session struct {
	kc     client
	stores chan kafka.TopicPartition
}

// Run consumes the topics.
func (r *Reader) Run(topics []string) error {
	kc, err := r.provide()
	if err != nil {
		return err
	}
	s := &session{kc: kc, stores: make(chan kafka.TopicPartition)}
	go s.storeLoop()
	return kc.SubscribeTopics(topics, s.rebalance)
}

func (s *session) storeLoop() {
	for tp := range s.stores {
		_, _ = s.kc.StoreOffsets([]kafka.TopicPartition{tp})
	}
}

func (s *session) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	return s.onRebalance(ev)
}

func (s *session) onRebalance(ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return s.kc.Unassign()
	}
	return nil
}
