package wrapped

import "github.com/confluentinc/confluent-kafka-go/kafka"

// fakeClient is what the service's tests use instead of a consumer.
type fakeClient struct{ unassigned int }

func (f *fakeClient) SubscribeTopics([]string, kafka.RebalanceCb) error { return nil }
func (f *fakeClient) Assign([]kafka.TopicPartition) error               { return nil }
func (f *fakeClient) Unassign() error                                   { f.unassigned++; return nil }
func (f *fakeClient) Commit() ([]kafka.TopicPartition, error)           { return nil, nil }
func (f *fakeClient) StoreOffsets(o []kafka.TopicPartition) ([]kafka.TopicPartition, error) {
	return o, nil
}
func (f *fakeClient) Assignment() ([]kafka.TopicPartition, error) { return nil, nil }
func (f *fakeClient) Close() error                                { return nil }

func newTestService() *Service {
	s := New("localhost")
	s.newClient = func(*kafka.ConfigMap) (client, error) { return &fakeClient{}, nil }
	return s
}

// fakeRevoke runs the handler on the fake: no consumer, nothing to report.
func fakeRevoke(f *fakeClient) error {
	var c client = f
	if _, ok := kafka.Event(kafka.RevokedPartitions{}).(kafka.RevokedPartitions); ok {
		return c.Unassign() // fine: a fake
	}
	return nil
}
