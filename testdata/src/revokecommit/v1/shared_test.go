package v1

import (
	"testing"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// fakeSharedClient stands in for the consumer in the library's tests: the
// handler's Unassign on it is no consumer's.
type fakeSharedClient struct{ unassigned bool }

func (f *fakeSharedClient) SubscribeTopics([]string, kafka.RebalanceCb) error { return nil }
func (f *fakeSharedClient) Unassign() error                                   { f.unassigned = true; return nil }
func (f *fakeSharedClient) Commit() ([]kafka.TopicPartition, error)           { return nil, nil }
func (f *fakeSharedClient) StoreOffsets(o []kafka.TopicPartition) ([]kafka.TopicPartition, error) {
	return o, nil
}
func (f *fakeSharedClient) Close() error { return nil }

func TestSharedFake(t *testing.T) {
	c := &testedConsumer{kc: &fakeSharedClient{}}
	_ = c.rebalance(nil, kafka.RevokedPartitions{})
	if !c.kc.(*fakeSharedClient).unassigned {
		t.Fatal("not unassigned")
	}
}

// testedConsumer is a test's own consumer kind on the fake client only.
type testedConsumer struct{ kc sharedClient }

func (c *testedConsumer) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return c.kc.Unassign() // fine: a fake in a test
	}
	return nil
}
