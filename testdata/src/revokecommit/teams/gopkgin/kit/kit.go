// Package kit holds a team's rebalance helpers. They take a small interface
// of their own, which *kafka.Consumer satisfies and tests fake.
package kit

import (
	"errors"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// A Committer is the part of *kafka.Consumer the helpers need.
type Committer interface {
	Commit() ([]kafka.TopicPartition, error)
	StoreOffsets(offsets []kafka.TopicPartition) ([]kafka.TopicPartition, error)
}

// Release commits the stored offsets and invalidates those of the revoked
// partitions.
func Release(c Committer, revoked []kafka.TopicPartition) error { // want Release:`does=commit\+invalidate`
	if _, err := c.Commit(); err != nil {
		var kerr kafka.Error
		if !errors.As(err, &kerr) || kerr.Code() != kafka.ErrNoOffset {
			return err
		}
	}
	invalid := make([]kafka.TopicPartition, 0, len(revoked))
	for _, tp := range revoked {
		invalid = append(invalid, kafka.TopicPartition{Topic: tp.Topic, Partition: tp.Partition, Offset: kafka.OffsetInvalid})
	}
	_, err := c.StoreOffsets(invalid)
	return err
}

// Flush commits the stored offsets only.
func Flush(c Committer) error { // want Flush:`does=commit$`
	_, err := c.Commit()
	return err
}
