// Package kafka is a hand-written stub of github.com/segmentio/kafka-go for
// kafkalint's tests. It mirrors the exported signatures of v0.4.51 that the
// analyzers and their fixtures use; bodies are trivial.
package kafka

import (
	"context"
	"time"
)

// Offsets the reader starts from.
const (
	LastOffset  int64 = -1 // The most recent offset available for a partition.
	FirstOffset int64 = -2 // The least recent offset available for a partition.
)

// Message is a data structure representing kafka messages.
type Message struct {
	Topic     string
	Partition int
	Offset    int64
	Key       []byte
	Value     []byte
	Time      time.Time
}

// ReaderConfig is a configuration object used to create new instances of
// Reader.
type ReaderConfig struct {
	Brokers          []string
	GroupID          string
	GroupTopics      []string
	Topic            string
	Partition        int
	QueueCapacity    int
	MinBytes         int
	MaxBytes         int
	MaxWait          time.Duration
	ReadLagInterval  time.Duration
	CommitInterval   time.Duration
	StartOffset      int64
	SessionTimeout   time.Duration
	RebalanceTimeout time.Duration
}

// Validate method validates ReaderConfig properties.
func (config *ReaderConfig) Validate() error { return nil }

// Reader provides a high-level API for consuming messages from kafka.
type Reader struct{ config ReaderConfig }

// NewReader creates and returns a new Reader configured with config.
// The offset is initialized to FirstOffset.
func NewReader(config ReaderConfig) *Reader { return &Reader{config: config} }

// Config returns the reader's configuration.
func (r *Reader) Config() ReaderConfig { return r.config }

// Close closes the stream, preventing the program from reading any more
// messages from it.
func (r *Reader) Close() error { return nil }

// ReadMessage reads and return the next message from the r.
func (r *Reader) ReadMessage(ctx context.Context) (Message, error) { return Message{}, nil }

// FetchMessage reads and return the next message from the r.
func (r *Reader) FetchMessage(ctx context.Context) (Message, error) { return Message{}, nil }

// CommitMessages commits the list of messages passed as argument.
func (r *Reader) CommitMessages(ctx context.Context, msgs ...Message) error { return nil }

// ReadLag returns the current lag of the reader.
func (r *Reader) ReadLag(ctx context.Context) (lag int64, err error) { return 0, nil }

// Offset returns the current absolute offset of the reader, or -1 if r is
// backed by a consumer group.
func (r *Reader) Offset() int64 { return 0 }

// Lag returns the lag of the last message returned by ReadMessage, or -1 if r
// is backed by a consumer group.
func (r *Reader) Lag() int64 { return 0 }

// SetOffset changes the offset from which the next batch of messages will be
// read.
func (r *Reader) SetOffset(offset int64) error { return nil }

// SetOffsetAt changes the offset from which the next batch of messages will be
// read given the timestamp t.
func (r *Reader) SetOffsetAt(ctx context.Context, t time.Time) error { return nil }

// ConsumerGroupConfig is a configuration object used to create new instances
// of ConsumerGroup.
type ConsumerGroupConfig struct {
	ID      string
	Brokers []string
	Topics  []string
}

// ConsumerGroup models a Kafka consumer group.
type ConsumerGroup struct{ config ConsumerGroupConfig }

// NewConsumerGroup creates a new ConsumerGroup.
func NewConsumerGroup(config ConsumerGroupConfig) (*ConsumerGroup, error) {
	return &ConsumerGroup{config: config}, nil
}

// Next waits for the next consumer group generation.
func (cg *ConsumerGroup) Next(ctx context.Context) (*Generation, error) { return &Generation{}, nil }

// Close terminates the current generation and leaves the group.
func (cg *ConsumerGroup) Close() error { return nil }

// PartitionAssignment represents the starting state of a partition that has
// been assigned to a consumer.
type PartitionAssignment struct {
	ID     int
	Offset int64
}

// Generation represents a single consumer group generation.
type Generation struct {
	ID          int32
	GroupID     string
	MemberID    string
	Assignments map[string][]PartitionAssignment
}

// Start launches the provided function in a go routine and adds accounting.
func (g *Generation) Start(fn func(ctx context.Context)) {}

// CommitOffsets commits the provided topic+partition+offset combos to the
// consumer group coordinator.
func (g *Generation) CommitOffsets(offsets map[string]map[int]int64) error { return nil }
