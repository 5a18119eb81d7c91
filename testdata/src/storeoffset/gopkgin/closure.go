package gopkgin

import (
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// Values captured by a closure (issue 16): the offsets are built outside a
// retry closure and stored inside it, as the direct form in bad.go.

// withRetry calls f until it succeeds, three times at most.
func withRetry(f func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func storeWithRetry(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(m)
		offs := []kafka.TopicPartition{m.TopicPartition}
		withRetry(func() error {
			_, err := c.StoreOffsets(offs) // want `c\.StoreOffsets stores the offset of message m itself, not the next one`
			return err
		})
	}
}

// storeNextWithRetry stores the next offset through the same closure: silent.
func storeNextWithRetry(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(m)
		tp := m.TopicPartition
		tp.Offset++
		offs := []kafka.TopicPartition{tp}
		withRetry(func() error {
			_, err := c.StoreOffsets(offs) // fine: the next offset
			return err
		})
	}
}

// commitPositionWithRetry commits the consumer's positions: silent.
func commitPositionWithRetry(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		handle(m)
		offs, err := c.Position([]kafka.TopicPartition{m.TopicPartition})
		if err != nil {
			continue
		}
		withRetry(func() error {
			_, err := c.CommitOffsets(offs) // fine: positions are next offsets
			return err
		})
	}
}
