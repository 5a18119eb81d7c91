// Package kafka is a hand-written stub of github.com/confluentinc/confluent-kafka-go/kafka
// v1.7.0 for kafkalint's tests: the last version without Consumer.StoreMessage
// (added in v1.8.2). It declares only what the storeoffset/old fixture uses.
package kafka

import "time"

// Offset is a partition offset.
type Offset int64

// TopicPartition is a topic partition with an offset.
type TopicPartition struct {
	Topic     *string
	Partition int32
	Offset    Offset
	Metadata  *string
	Error     error
}

// Event is anything Poll or Events delivers.
type Event interface{ String() string }

// Message is a consumed message.
type Message struct {
	TopicPartition TopicPartition
	Value          []byte
	Key            []byte
	Timestamp      time.Time
}

func (m *Message) String() string { return "" }

// Consumer is a high-level consumer.
type Consumer struct{}

func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error) { return nil, nil }
func (c *Consumer) CommitOffsets(offsets []TopicPartition) ([]TopicPartition, error) {
	return nil, nil
}
func (c *Consumer) StoreOffsets(offsets []TopicPartition) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) Poll(timeoutMs int) (event Event)                    { return nil }
func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error) { return nil, nil }
