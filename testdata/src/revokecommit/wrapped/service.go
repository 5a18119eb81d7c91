// Package wrapped is a consumer service written the way real services are: the
// consumer behind an interface of its own (tests substitute a fake), made by a
// function value, configured by functional options into a ConfigMap field.
package wrapped

import (
	"fmt"
	"log"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// client is what the service needs of a consumer.
type client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Assign(partitions []kafka.TopicPartition) error
	Unassign() error
	Commit() ([]kafka.TopicPartition, error)
	StoreOffsets(offsets []kafka.TopicPartition) ([]kafka.TopicPartition, error)
	Assignment() ([]kafka.TopicPartition, error)
	Close() error
}

// Option configures a Service.
type Option func(*Service)

// WithManualCommit turns auto commit off: the service then commits nothing
// in the background.
func WithManualCommit() Option {
	return func(s *Service) {
		if err := s.cm.SetKey("enable.auto.commit", false); err != nil {
			log.Printf("config: %v", err)
		}
	}
}

// WithGroup sets the consumer group.
func WithGroup(group string) Option {
	return func(s *Service) { s.cm["group.id"] = group }
}

// Service consumes topics and stores offsets after processing.
type Service struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

func newKafkaClient(cm *kafka.ConfigMap) (client, error) {
	c, err := kafka.NewConsumer(cm)
	if err != nil {
		return nil, fmt.Errorf("new consumer: %w", err)
	}
	return c, nil
}

// New builds a Service; auto commit stays on unless WithManualCommit is given.
func New(brokers string, opts ...Option) *Service {
	s := &Service{
		cm: kafka.ConfigMap{
			"bootstrap.servers":        brokers,
			"enable.auto.offset.store": false,
		},
		newClient: newKafkaClient,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Run subscribes; the rebalance callback is a method value.
func (s *Service) Run(topics []string) error {
	c, err := s.newClient(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	return s.client.SubscribeTopics(topics, s.rebalance)
}

func (s *Service) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return s.client.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return s.client.Unassign() // want `s\.client\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets`
	}
	return nil
}
