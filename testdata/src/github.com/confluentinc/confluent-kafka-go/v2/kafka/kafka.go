// Package kafka is a hand-written stub of github.com/confluentinc/confluent-kafka-go/v2/kafka
// for kafkalint's tests. It mirrors the exported signatures of v2.11.1 that the
// analyzers and their fixtures use; bodies are trivial. The real package needs cgo.
package kafka

import "time"

// ConfigValue is a configuration value.
type ConfigValue interface{}

// ConfigMap is a map of configuration properties.
type ConfigMap map[string]ConfigValue

// SetKey sets a configuration property.
func (m ConfigMap) SetKey(key string, value ConfigValue) error { m[key] = value; return nil }

// Set sets a "key=value" property; the value is stored as a string.
func (m ConfigMap) Set(kv string) error { return nil }

// Get returns a configuration property.
func (m ConfigMap) Get(key string, defval ConfigValue) (ConfigValue, error) { return m[key], nil }

// Offset is a partition offset.
type Offset int64

// Logical offsets.
const (
	OffsetBeginning = Offset(-2)
	OffsetEnd       = Offset(-1)
	OffsetInvalid   = Offset(-1001)
	OffsetStored    = Offset(-1000)
)

func (o Offset) String() string { return "" }

// TopicPartition is a topic partition with an offset.
type TopicPartition struct {
	Topic       *string
	Partition   int32
	Offset      Offset
	Metadata    *string
	Error       error
	LeaderEpoch *int32
}

// ErrorCode is a librdkafka error code.
type ErrorCode int

// Error codes.
const (
	ErrNoOffset       ErrorCode = -168
	ErrState          ErrorCode = -172
	ErrAssignmentLost ErrorCode = -139
	ErrInvalidArg     ErrorCode = -186
	ErrTimedOut       ErrorCode = -185
	ErrTimedOutQueue  ErrorCode = -166
)

// Error is a kafka error.
type Error struct{ code ErrorCode }

func (e Error) Error() string          { return "" }
func (e Error) Code() ErrorCode        { return e.code }
func (e Error) IsFatal() bool          { return false }
func (e Error) IsRetriable() bool      { return false }
func (e Error) IsTimeout() bool        { return false }
func (e Error) String() string         { return "" }
func (e Error) TxnRequiresAbort() bool { return false }

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

// AssignedPartitions is the assign rebalance event.
type AssignedPartitions struct{ Partitions []TopicPartition }

func (e AssignedPartitions) String() string { return "" }

// RevokedPartitions is the revoke rebalance event.
type RevokedPartitions struct{ Partitions []TopicPartition }

func (e RevokedPartitions) String() string { return "" }

// PartitionEOF is the end-of-partition event.
type PartitionEOF TopicPartition

func (p PartitionEOF) String() string { return "" }

// OffsetsCommitted reports committed offsets.
type OffsetsCommitted struct {
	Error   error
	Offsets []TopicPartition
}

func (o OffsetsCommitted) String() string { return "" }

// RebalanceCb is a rebalance callback.
type RebalanceCb func(*Consumer, Event) error

// Consumer is a high-level consumer.
type Consumer struct{ events chan Event }

// NewConsumer creates a consumer.
func NewConsumer(conf *ConfigMap) (*Consumer, error) { return &Consumer{}, nil }

func (c *Consumer) String() string                                        { return "" }
func (c *Consumer) IsClosed() bool                                        { return false }
func (c *Consumer) Subscribe(topic string, rebalanceCb RebalanceCb) error { return nil }
func (c *Consumer) SubscribeTopics(topics []string, rebalanceCb RebalanceCb) (err error) {
	return nil
}
func (c *Consumer) Unsubscribe() (err error)                                    { return nil }
func (c *Consumer) Assign(partitions []TopicPartition) (err error)              { return nil }
func (c *Consumer) Unassign() (err error)                                       { return nil }
func (c *Consumer) IncrementalAssign(partitions []TopicPartition) (err error)   { return nil }
func (c *Consumer) IncrementalUnassign(partitions []TopicPartition) (err error) { return nil }
func (c *Consumer) GetRebalanceProtocol() string                                { return "" }
func (c *Consumer) AssignmentLost() bool                                        { return false }
func (c *Consumer) Commit() ([]TopicPartition, error)                           { return nil, nil }
func (c *Consumer) CommitMessage(m *Message) ([]TopicPartition, error)          { return nil, nil }
func (c *Consumer) CommitOffsets(offsets []TopicPartition) ([]TopicPartition, error) {
	return nil, nil
}
func (c *Consumer) StoreOffsets(offsets []TopicPartition) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) StoreMessage(m *Message) (storedOffsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) Seek(partition TopicPartition, ignoredTimeoutMs int) error { return nil }
func (c *Consumer) Poll(timeoutMs int) (event Event)                          { return nil }
func (c *Consumer) Events() chan Event                                        { return c.events }
func (c *Consumer) ReadMessage(timeout time.Duration) (*Message, error)       { return nil, nil }
func (c *Consumer) Close() (err error)                                        { return nil }
func (c *Consumer) Assignment() (partitions []TopicPartition, err error)      { return nil, nil }
func (c *Consumer) Committed(partitions []TopicPartition, timeoutMs int) (offsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) Position(partitions []TopicPartition) (offsets []TopicPartition, err error) {
	return nil, nil
}
func (c *Consumer) Pause(partitions []TopicPartition) (err error)  { return nil }
func (c *Consumer) Resume(partitions []TopicPartition) (err error) { return nil }

// Producer is a producer.
type Producer struct{}

// NewProducer creates a producer.
func NewProducer(conf *ConfigMap) (*Producer, error) { return &Producer{}, nil }

func (p *Producer) Close() {}

// AdminClient is an admin client.
type AdminClient struct{}

// NewAdminClient creates an admin client.
func NewAdminClient(conf *ConfigMap) (*AdminClient, error) { return &AdminClient{}, nil }

func (a *AdminClient) Close() {}

// SeekPartitions (v2.1.0 and later) seeks each partition to its offset.
func (c *Consumer) SeekPartitions(partitions []TopicPartition) ([]TopicPartition, error) {
	return partitions, nil
}
