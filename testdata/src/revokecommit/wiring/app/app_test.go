package app

import (
	"testing"

	"github.com/confluentinc/confluent-kafka-go/kafka"

	"revokecommit/wiring/runner"
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
