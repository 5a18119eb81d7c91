package app

import (
	"testing"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

	"revokecommit/wiring/gopkgin/runner"
)

// fakeConsumer stands in for the provider's consumer in tests.
type fakeConsumer struct{}

func (fakeConsumer) SubscribeTopics([]string, kafka.RebalanceCb) error { return nil }
func (fakeConsumer) Assign([]kafka.TopicPartition) error               { return nil }
func (fakeConsumer) Unassign() error                                   { return nil }
func (fakeConsumer) Poll(int) kafka.Event                              { return nil }

func TestRunner(t *testing.T) {
	r := runner.NewRunner(fakeConsumer{}, []string{"orders"}) // fine: a fake, no configuration
	_ = &App{Runner: r}
}
