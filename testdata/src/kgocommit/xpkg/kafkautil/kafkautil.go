// Package kafkautil is a shared franz-go library whose constructors return
// clients built with its own options and the caller's.
package kafkautil

import (
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"
)

// NewGroupClient joins a group with kgo's default autocommit.
func NewGroupClient(brokers []string, group string, topics ...string) (*kgo.Client, error) { // want NewGroupClient:`client {SeedBrokers ConsumerGroup ConsumeTopics}`
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
func NewMarkingClient(brokers []string, group string, topics ...string) (*kgo.Client, error) { // want NewMarkingClient:`client {SeedBrokers ConsumerGroup ConsumeTopics AutoCommitMarks}`
	return kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topics...),
		kgo.AutoCommitMarks(),
	)
}

// NewClient adds the seed brokers to the caller's options.
func NewClient(brokers []string, opts ...kgo.Opt) (*kgo.Client, error) { // want NewClient:`client {SeedBrokers} \+ param 1`
	return kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(brokers...)}, opts...)...)
}

// Client is a tracing wrapper: it embeds the client it builds from the
// caller's options, and the caller calls the client's methods through it.
type Client struct {
	*kgo.Client
	service string
}

// NewTracedClient builds the wrapped client.
func NewTracedClient(service string, opts ...kgo.Opt) (*Client, error) { // want NewTracedClient:`embedded client {ClientID} \+ param 1`
	cl, err := kgo.NewClient(append(opts, kgo.ClientID(service))...)
	if err != nil {
		return nil, err
	}
	return &Client{Client: cl, service: service}, nil
}
