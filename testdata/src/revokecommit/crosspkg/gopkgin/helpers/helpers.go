// Package helpers commits and invalidates for its callers.
package helpers

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Finish commits and invalidates the stored offsets of parts on every path.
func Finish(c *kafka.Consumer, parts []kafka.TopicPartition) error { // want Finish:`does=commit\+invalidate`
	if _, err := c.Commit(); err != nil {
		return err
	}
	for i := range parts {
		parts[i].Offset = kafka.OffsetInvalid
	}
	_, err := c.StoreOffsets(parts)
	return err
}

// MaybeCommit commits on one path only.
func MaybeCommit(c *kafka.Consumer, really bool) {
	if really {
		c.Commit()
	}
}
