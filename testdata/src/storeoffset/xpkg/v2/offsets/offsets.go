// Package offsets is a helper package of a storeoffset fixture: some of its
// exported functions store what their callers give them as is, which their
// StoresFact tells the callers' packages.
package offsets

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Store stores the partition as is: its callers decide the offset.
func Store(c *kafka.Consumer, tp kafka.TopicPartition) error { // want Store:`stores params \[1\] \(StoreOffsets\)`
	_, err := c.StoreOffsets([]kafka.TopicPartition{tp})
	return err
}

// StoreNext stores the offset after the partition's: its callers pass a
// message's own partition.
func StoreNext(c *kafka.Consumer, tp kafka.TopicPartition) error {
	tp.Offset++
	_, err := c.StoreOffsets([]kafka.TopicPartition{tp})
	return err
}

// committer is the wrapper's view of the consumer.
type committer interface {
	CommitOffsets([]kafka.TopicPartition) ([]kafka.TopicPartition, error)
}

// A Committer commits through an interface that holds a consumer.
type Committer struct{ c committer }

func New(c *kafka.Consumer) *Committer { return &Committer{c: c} }

// Commit commits a batch as is.
func (w *Committer) Commit(offsets []kafka.TopicPartition) error { // want Commit:`stores params \[0\] \(CommitOffsets\)`
	_, err := w.c.CommitOffsets(offsets)
	return err
}

// CommitNext commits the offsets after those of the batch.
func (w *Committer) CommitNext(offsets []kafka.TopicPartition) error {
	next := make([]kafka.TopicPartition, len(offsets))
	for i, tp := range offsets {
		tp.Offset++
		next[i] = tp
	}
	_, err := w.c.CommitOffsets(next)
	return err
}

// A Traced consumer overrides CommitOffsets to count commits, as tracing
// wrappers do (dd-trace-go's Consumer).
type Traced struct {
	*kafka.Consumer
	commits int
}

func (t *Traced) CommitOffsets(offsets []kafka.TopicPartition) ([]kafka.TopicPartition, error) { // want CommitOffsets:`stores params \[0\] \(CommitOffsets\)`
	tps, err := t.Consumer.CommitOffsets(offsets)
	t.commits++
	return tps, err
}
