package gopkgin

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// fakeCommitter is what the wrappers' tests use instead of a consumer.
type fakeCommitter struct{ stored []kafka.TopicPartition }

func (f *fakeCommitter) StoreOffsets(o []kafka.TopicPartition) ([]kafka.TopicPartition, error) {
	f.stored = append(f.stored, o...)
	return o, nil
}

func (f *fakeCommitter) CommitOffsets(o []kafka.TopicPartition) ([]kafka.TopicPartition, error) {
	return o, nil
}

func newTestReplayer() *replayer { return &replayer{client: &fakeCommitter{}} }

// fakeStore stores through the interface holding the fake: nothing to report.
func fakeStore(m *kafka.Message) {
	var c committer = &fakeCommitter{}
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // fine: a fake
}
