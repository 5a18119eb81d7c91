// Package kafkautil is a shared franz-go library whose constructors return
// clients built with its own options and the caller's.
package kafkautil

import (
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
)

// NewGroupClient joins a group with kgo's default autocommit.
func NewGroupClient(brokers []string, group string, topics ...string) (*kgo.Client, error) {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topics...),
	)
	if err != nil {
		return nil, fmt.Errorf("kafka: %w", err)
	}
	return cl, nil
}

// NewMarkingClient autocommits only what the program marks.
func NewMarkingClient(brokers []string, group string, topics ...string) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topics...),
		kgo.AutoCommitMarks(),
	)
}

// NewClient adds the seed brokers to the caller's options.
func NewClient(brokers []string, opts ...kgo.Opt) (*kgo.Client, error) {
	return kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(brokers...)}, opts...)...)
}
