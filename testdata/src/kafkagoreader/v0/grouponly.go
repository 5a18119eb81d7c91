package v0

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// Fetch and commit on a reader without a group: the commits fail silently.
func fetchCommit(ctx context.Context, brokers []string) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "t", Partition: 2})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		log.Printf("%s", m.Value)
		r.CommitMessages(ctx, m) // want `r.CommitMessages on a reader without GroupID always fails and its error is ignored, set GroupID or drop the call \(nothing is committed\)`
	}
}

// Silent twin: the error is checked.
func fetchCommitChecked(ctx context.Context, brokers []string) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "t", Partition: 2})
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	return r.CommitMessages(ctx, m)
}

type consumer struct{ reader *kafka.Reader }

// SetOffset on a group reader, in a method: the reader is in a field.
func (c *consumer) rewind() {
	_ = c.reader.SetOffset(kafka.FirstOffset) // want `c.reader.SetOffset on a reader with GroupID always fails and its error is ignored, drop the call or the GroupID \(it does nothing: the group's committed offsets decide where the reader starts\)`
}

func newConsumer(brokers []string) *consumer {
	return &consumer{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "g", Topic: "t"})}
}

// Silent twin: SetOffset on a partition reader.
func seek(brokers []string) *kafka.Reader {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "t", Partition: 0})
	r.SetOffset(42)
	return r
}
