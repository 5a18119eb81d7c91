// Package kgo is a hand-written stub of github.com/twmb/franz-go/pkg/kgo for
// kafkalint's tests. It mirrors the exported signatures of v1.22.3 that the
// analyzers and their fixtures use; bodies are trivial.
package kgo

import (
	"context"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

type cfg struct{}

// Opt is an option to configure a client.
type Opt interface{ apply(*cfg) }

// ProducerOpt is a producer specific option to configure a client.
type ProducerOpt interface {
	Opt
	producerOpt()
}

// ConsumerOpt is a consumer specific option to configure a client.
type ConsumerOpt interface {
	Opt
	consumerOpt()
}

// GroupOpt is a consumer group specific option to configure a client.
type GroupOpt interface {
	Opt
	groupOpt()
}

type clientOpt struct{ fn func(*cfg) }

func (o clientOpt) apply(c *cfg) { o.fn(c) }

type consumerOpt struct{ fn func(*cfg) }

func (o consumerOpt) apply(c *cfg) { o.fn(c) }
func (consumerOpt) consumerOpt()   {}

type groupOpt struct{ fn func(*cfg) }

func (o groupOpt) apply(c *cfg) { o.fn(c) }
func (groupOpt) groupOpt()      {}

// Client issues requests and handles responses to a Kafka cluster.
type Client struct{ ctx context.Context }

// NewClient returns a new Kafka client with the given options or an error if
// the options are invalid.
func NewClient(opts ...Opt) (*Client, error) { return &Client{}, nil }

// SeedBrokers sets the seed brokers for the client to use.
func SeedBrokers(seeds ...string) Opt { return clientOpt{func(*cfg) {}} }

// ClientID uses id for all requests sent to Kafka brokers.
func ClientID(id string) Opt { return clientOpt{func(*cfg) {}} }

// ConsumeTopics adds topics to use for consuming.
func ConsumeTopics(topics ...string) ConsumerOpt { return consumerOpt{func(*cfg) {}} }

// ConsumeResetOffset sets the offset to start consuming from.
func ConsumeResetOffset(offset Offset) ConsumerOpt { return consumerOpt{func(*cfg) {}} }

// ConsumerGroup sets the consumer group for the client to join and consume in.
func ConsumerGroup(group string) GroupOpt { return groupOpt{func(*cfg) {}} }

// BlockRebalanceOnPoll switches the client to block rebalances whenever you
// poll until you explicitly call AllowRebalance.
func BlockRebalanceOnPoll() GroupOpt { return groupOpt{func(*cfg) {}} }

// OnPartitionsAssigned sets the function to be called when a group is joined
// after partitions are assigned before fetches for those partitions begin.
func OnPartitionsAssigned(onAssigned func(context.Context, *Client, map[string][]int32)) GroupOpt {
	return groupOpt{func(*cfg) {}}
}

// OnPartitionsRevoked sets the function to be called once this group member
// has partitions revoked.
func OnPartitionsRevoked(onRevoked func(context.Context, *Client, map[string][]int32)) GroupOpt {
	return groupOpt{func(*cfg) {}}
}

// OnPartitionsLost sets the function to be called on "fatal" group errors.
func OnPartitionsLost(onLost func(context.Context, *Client, map[string][]int32)) GroupOpt {
	return groupOpt{func(*cfg) {}}
}

// DisableAutoCommit disable auto committing.
func DisableAutoCommit() GroupOpt { return groupOpt{func(*cfg) {}} }

// GreedyAutoCommit opts into committing everything that has been polled when
// autocommitting.
func GreedyAutoCommit() GroupOpt { return groupOpt{func(*cfg) {}} }

// AutoCommitInterval sets how long to go between autocommits.
func AutoCommitInterval(interval time.Duration) GroupOpt { return groupOpt{func(*cfg) {}} }

// AutoCommitMarks switches the autocommitting behavior to only commit "marked"
// records.
func AutoCommitMarks() GroupOpt { return groupOpt{func(*cfg) {}} }

// Offset is a message offset in a partition.
type Offset struct{ at int64 }

// NewOffset creates and returns an offset to use in ConsumeResetOffset.
func NewOffset() Offset { return Offset{} }

// At returns a copy of the calling offset, changing the returned offset to
// begin at exactly the requested offset.
func (o Offset) At(at int64) Offset { return Offset{at} }

// AtStart copies 'o' and returns an offset starting at the beginning of a partition.
func (o Offset) AtStart() Offset { return o }

// AtEnd copies 'o' and returns an offset starting at the end of a partition.
func (o Offset) AtEnd() Offset { return o }

// EpochOffset combines a record offset with the leader epoch the broker was at
// when the record was written.
type EpochOffset struct {
	// Epoch is the leader epoch of the record being committed.
	Epoch int32
	// Offset is the offset of a record. If committing, this should be one
	// AFTER a record's offset.
	Offset int64
}

// Record is a record to write to Kafka.
type Record struct {
	Key         []byte
	Value       []byte
	Timestamp   time.Time
	Topic       string
	Partition   int32
	LeaderEpoch int32
	Offset      int64
	Context     context.Context
}

// FetchError is an error in a fetch along with the topic and partition that
// the error was on.
type FetchError struct {
	Topic     string
	Partition int32
	Err       error
}

// FetchPartition is a response for a partition in a fetched topic from a broker.
type FetchPartition struct {
	Partition int32
	Err       error
	Records   []*Record
}

// EachRecord calls fn for each record in the partition.
func (p *FetchPartition) EachRecord(fn func(*Record)) {}

// FetchTopicPartition is similar to FetchTopic, but for an individual partition.
type FetchTopicPartition struct {
	Topic string
	FetchPartition
}

// Fetch is an individual response from a broker.
type Fetch struct{}

// Fetches is a group of fetches from brokers.
type Fetches []Fetch

// Errors returns all errors in a fetch with the topic and partition that
// errored.
func (fs Fetches) Errors() []FetchError { return nil }

// IsClientClosed returns whether the fetches include an error indicating that
// the client is closed.
func (fs Fetches) IsClientClosed() bool { return false }

// Err returns the first error in all fetches, if any.
func (fs Fetches) Err() error { return nil }

// EachError calls fn for every partition that had a fetch error.
func (fs Fetches) EachError(fn func(string, int32, error)) {}

// EachPartition calls fn for each partition in Fetches.
func (fs Fetches) EachPartition(fn func(FetchTopicPartition)) {}

// EachRecord calls fn for each record in Fetches.
func (fs Fetches) EachRecord(fn func(*Record)) {}

// Records returns all records in all fetches.
func (fs Fetches) Records() []*Record { return nil }

// PollFetches waits for fetches to be available, returning as soon as any
// broker returns a fetch.
func (cl *Client) PollFetches(ctx context.Context) Fetches { return nil }

// PollRecords waits for records to be available, returning as soon as any
// broker returns records in a fetch.
func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }

// AllowRebalance allows a consumer group to rebalance if it was blocked by you
// polling records in tandem with the BlockRebalanceOnPoll option.
func (cl *Client) AllowRebalance() {}

// SetOffsets sets any matching offsets in setOffsets to the given epoch/offset.
func (cl *Client) SetOffsets(setOffsets map[string]map[int32]EpochOffset) {}

// CloseAllowingRebalance allows rebalances, leaves any group, and closes all
// connections and goroutines.
func (cl *Client) CloseAllowingRebalance() {}

// Close leaves any group and closes all connections and goroutines.
func (cl *Client) Close() {}

// LeaveGroup is equivalent to calling LeaveGroupContext with the client's
// context; it discards any returned error.
func (cl *Client) LeaveGroup() {}

// LeaveGroupContext leaves a classic consumer group or a share group.
func (cl *Client) LeaveGroupContext(ctx context.Context) error { return nil }

// UncommittedOffsets returns the latest uncommitted offsets.
func (cl *Client) UncommittedOffsets() map[string]map[int32]EpochOffset { return nil }

// MarkedOffsets returns the latest marked offsets.
func (cl *Client) MarkedOffsets() map[string]map[int32]EpochOffset { return nil }

// CommitRecords issues a synchronous offset commit for the offsets contained
// within rs.
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error { return nil }

// MarkCommitRecords marks records to be available for autocommitting.
func (cl *Client) MarkCommitRecords(rs ...*Record) {}

// MarkCommitOffsets marks offsets to be available for autocommitting.
func (cl *Client) MarkCommitOffsets(unmarked map[string]map[int32]EpochOffset) {}

// CommitUncommittedOffsets issues a synchronous offset commit for any
// partition that has been consumed from that has uncommitted offsets.
func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error { return nil }

// CommitMarkedOffsets issues a synchronous offset commit for any partition
// that has been consumed from that has marked offsets.
func (cl *Client) CommitMarkedOffsets(ctx context.Context) error { return nil }

// CommitOffsetsSync waits for any active CommitOffsets to complete, begins a
// commit that cannot be canceled, and waits for that commit to complete.
func (cl *Client) CommitOffsetsSync(
	ctx context.Context,
	uncommitted map[string]map[int32]EpochOffset,
	onDone func(*Client, *kmsg.OffsetCommitRequest, *kmsg.OffsetCommitResponse, error),
) {
}

// CommitOffsets commits the given offsets for a group, calling onDone with the
// commit request and either the response or an error if the response was not
// issued. This function itself does not wait for the commit to finish.
func (cl *Client) CommitOffsets(
	ctx context.Context,
	uncommitted map[string]map[int32]EpochOffset,
	onDone func(*Client, *kmsg.OffsetCommitRequest, *kmsg.OffsetCommitResponse, error),
) {
}
