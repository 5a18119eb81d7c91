// Package sarama is a stub of github.com/Shopify/sarama v1.38.1 for kafkalint's
// analysistest fixtures: the API surface the sarama rules look at, with the
// library's signatures (consumer.go, consumer_group.go,
// consumer_group_session.go, config.go, client.go, balance_strategy.go).
package sarama

import (
	"context"
	"time"
)

// ConsumerMessage is consumer.go's.
type ConsumerMessage struct {
	Headers        []*RecordHeader
	Timestamp      time.Time
	BlockTimestamp time.Time

	Key, Value []byte
	Topic      string
	Partition  int32
	Offset     int64
}

type RecordHeader struct {
	Key   []byte
	Value []byte
}

const (
	OffsetNewest int64 = -1
	OffsetOldest int64 = -2
)

type ConsumerGroup interface {
	Consume(ctx context.Context, topics []string, handler ConsumerGroupHandler) error
	Errors() <-chan error
	Close() error
	Pause(partitions map[string][]int32)
	Resume(partitions map[string][]int32)
	PauseAll()
	ResumeAll()
}

type ConsumerGroupSession interface {
	Claims() map[string][]int32
	MemberID() string
	GenerationID() int32
	MarkOffset(topic string, partition int32, offset int64, metadata string)
	Commit()
	ResetOffset(topic string, partition int32, offset int64, metadata string)
	MarkMessage(msg *ConsumerMessage, metadata string)
	Context() context.Context
}

type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error
	Cleanup(ConsumerGroupSession) error
	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}

type ConsumerGroupClaim interface {
	Topic() string
	Partition() int32
	InitialOffset() int64
	HighWaterMarkOffset() int64
	Messages() <-chan *ConsumerMessage
}

// Consumer is consumer.go's plain (group-less) consumer.
type Consumer interface {
	Topics() ([]string, error)
	Partitions(topic string) ([]int32, error)
	ConsumePartition(topic string, partition int32, offset int64) (PartitionConsumer, error)
	Close() error
}

// PartitionConsumer is a partition's consumer of the plain (group-less)
// Consumer: its Messages channel is not a claim's. consumer.go closes it
// after AsyncClose or Close, and after a fatal error (ErrOffsetOutOfRange).
type PartitionConsumer interface {
	AsyncClose()
	Close() error
	Messages() <-chan *ConsumerMessage
	Errors() <-chan *ConsumerError
	HighWaterMarkOffset() int64
}

// ConsumerError is consumer.go's.
type ConsumerError struct {
	Topic     string
	Partition int32
	Err       error
}

func (ce ConsumerError) Error() string { return ce.Err.Error() }

func NewConsumer(addrs []string, config *Config) (Consumer, error) { return nil, nil }

func NewConsumerFromClient(client Client) (Consumer, error) { return nil, nil }

type Client interface {
	Config() *Config
	Close() error
}

// OffsetManager is offset_manager.go's, reduced to Commit and Close.
type OffsetManager interface {
	Close() error
	Commit()
}

func NewOffsetManagerFromClient(group string, client Client) (OffsetManager, error) {
	return nil, nil
}

type BalanceStrategy interface {
	Name() string
}

type KafkaVersion struct{ version [4]uint }

var V2_8_0_0 = KafkaVersion{}

func NewBalanceStrategyRange() BalanceStrategy      { return nil }
func NewBalanceStrategySticky() BalanceStrategy     { return nil }
func NewBalanceStrategyRoundRobin() BalanceStrategy { return nil }

var (
	BalanceStrategyRange      = NewBalanceStrategyRange()
	BalanceStrategySticky     = NewBalanceStrategySticky()
	BalanceStrategyRoundRobin = NewBalanceStrategyRoundRobin()
)

// Config is config.go's, reduced to the fields the rules read.
type Config struct {
	ClientID string
	Version  KafkaVersion
	Consumer struct {
		Group struct {
			Session struct {
				Timeout time.Duration
			}
			Rebalance struct {
				Strategy        BalanceStrategy
				GroupStrategies []BalanceStrategy
				Timeout         time.Duration
			}
		}
		Return struct {
			Errors bool
		}
		Offsets struct {
			CommitInterval time.Duration
			AutoCommit     struct {
				Enable   bool
				Interval time.Duration
			}
			Initial   int64
			Retention time.Duration
		}
	}
}

func NewConfig() *Config { return new(Config) }

func NewClient(addrs []string, conf *Config) (Client, error) { return nil, nil }

func NewConsumerGroup(addrs []string, groupID string, config *Config) (ConsumerGroup, error) {
	return nil, nil
}

func NewConsumerGroupFromClient(groupID string, client Client) (ConsumerGroup, error) {
	return nil, nil
}
