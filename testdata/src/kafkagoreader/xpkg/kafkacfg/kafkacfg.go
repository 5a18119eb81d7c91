// Package kafkacfg is a team's shared kafka-go setup: configuration helpers
// and reader constructors that services call.
package kafkacfg

import (
	"time"

	"github.com/segmentio/kafka-go"
)

// Config is what the services read from their environment.
type Config struct {
	Brokers []string
	Group   string
}

// ReaderConfig is a group member's configuration.
func ReaderConfig(cfg Config, topic string) kafka.ReaderConfig { // want ReaderConfig:`config \{Brokers GroupID MaxWait Topic\}`
	return kafka.ReaderConfig{
		Brokers: cfg.Brokers,
		GroupID: cfg.Group,
		Topic:   topic,
		MaxWait: time.Second,
	}
}

// TailConfig reads a topic from its end, without a group.
func TailConfig(brokers []string, topic string) kafka.ReaderConfig { // want TailConfig:`config \{Brokers StartOffset Topic\} start`
	return kafka.ReaderConfig{
		Brokers:     brokers,
		Topic:       topic,
		StartOffset: kafka.LastOffset,
	}
}

// NewGroupReader builds a group member's reader.
func NewGroupReader(cfg Config, topic string) *kafka.Reader { // want NewGroupReader:`reader \{Brokers GroupID MaxWait Topic\}`
	return kafka.NewReader(ReaderConfig(cfg, topic))
}

// NewPartitionReader reads one partition, without a group.
func NewPartitionReader(brokers []string, topic string, partition int) *kafka.Reader { // want NewPartitionReader:`reader \{Brokers Partition Topic\}`
	return kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: topic, Partition: partition})
}
