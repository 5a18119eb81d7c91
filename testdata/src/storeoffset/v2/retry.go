package v2

import (
	"errors"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Deliberate retries and resume points (issues 19 and 20): the offset of a
// message that was not processed is where the partition should resume, so
// storing or committing it as is is right. Each has a twin where the message
// was processed.

var errUnavailable = errors.New("downstream unavailable")

func handle(m *kafka.Message) error { return nil }

func apply(value []byte) error { return nil }

// retrySeek is the shape of a real retry loop: a message that fails is sought
// back to and read again by the next Poll; one that succeeds is committed.
func retrySeek(c *kafka.Consumer) error {
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			if err := handle(e); err != nil {
				if err := c.Seek(e.TopicPartition, 0); err != nil {
					return err
				}
				continue
			}
			offsets := []kafka.TopicPartition{e.TopicPartition}
			if _, err := c.CommitOffsets(offsets); err != nil { // want `c\.CommitOffsets commits the offset of message e itself, not the next one`
				return err
			}
		}
	}
}

// commitAndSeekBack commits the failed message's own offset, so that a
// restart resumes at it, and seeks back to it to retry now.
func commitAndSeekBack(c *kafka.Consumer) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := handle(m); err != nil {
			if _, err := c.CommitOffsets([]kafka.TopicPartition{m.TopicPartition}); err != nil { // fine: the message failed and is read again
				return err
			}
			c.Seek(m.TopicPartition, 0)
			continue
		}
		c.CommitMessage(m)
	}
}

// pauseWhileUnavailable stores the position of a message it did not handle
// and seeks back to it, whatever the reason.
func pauseWhileUnavailable(c *kafka.Consumer, ready func() bool) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if !ready() {
			tp := m.TopicPartition
			c.StoreOffsets([]kafka.TopicPartition{tp}) // fine: sought back to below
			c.Seek(tp, 0)
			time.Sleep(time.Second)
			continue
		}
		handle(m)
		c.StoreMessage(m)
	}
}

// seekElsewhere stores a message's own offset and seeks to another message:
// the stored offset is still the processed message's own.
func seekElsewhere(c *kafka.Consumer, first *kafka.Message) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(m)
		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `c\.StoreOffsets stores the offset of message m itself, not the next one`
		c.Seek(first.TopicPartition, 0)
	}
}

// applyBatch commits the resume point of a batch that fails midway: the first
// message not applied.
func applyBatch(c *kafka.Consumer, batch []*kafka.Message) error {
	for _, m := range batch {
		if err := apply(m.Value); err != nil {
			c.CommitOffsets([]kafka.TopicPartition{m.TopicPartition}) // fine: m was not applied
			return err
		}
	}
	last := batch[len(batch)-1].TopicPartition
	last.Offset++
	_, err := c.CommitOffsets([]kafka.TopicPartition{last})
	return err
}

// applyBatchCommitEach commits each message's own offset once it is applied.
func applyBatchCommitEach(c *kafka.Consumer, batch []*kafka.Message) error {
	for _, m := range batch {
		if err := apply(m.Value); err != nil {
			return err
		}
		c.CommitOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `c\.CommitOffsets commits the offset of message m itself, not the next one`
	}
	return nil
}

// storeOnUnrelatedFailure stores in the failure branch of a call that is not
// given the message: m was processed.
func storeOnUnrelatedFailure(c *kafka.Consumer, flush func() error) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(m)
		if err := flush(); err != nil {
			c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `c\.StoreOffsets stores the offset of message m itself, not the next one`
			return err
		}
		c.StoreMessage(m)
	}
}

// retryBatch (v2: SeekPartitions) stores the position of the first message of
// a batch that failed and seeks every partition back to it.
func retryBatch(c *kafka.Consumer, batch []*kafka.Message) error {
	if err := handleAll(batch); err != nil {
		resume := []kafka.TopicPartition{batch[0].TopicPartition}
		c.StoreOffsets(resume) // fine: sought back to below
		_, err := c.SeekPartitions(resume)
		return err
	}
	resume := []kafka.TopicPartition{batch[0].TopicPartition}
	c.StoreOffsets(resume) // want `c\.StoreOffsets stores the offset of message batch\[0\] itself, not the next one`
	return nil
}

func handleAll(batch []*kafka.Message) error { return nil }
