// Package settings renders typed settings into a ConfigMap; the values are
// chosen by the packages that wire things up.
package settings

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Kafka holds the consumer settings a service reads from its configuration.
type Kafka struct {
	Brokers          string
	GroupID          string
	EnableAutoCommit bool
	AutoOffsetStore  bool
}

// ConfigMap renders the settings for kafka.NewConsumer.
func (k Kafka) ConfigMap() *kafka.ConfigMap {
	m := &kafka.ConfigMap{"bootstrap.servers": k.Brokers, "group.id": k.GroupID}
	_ = m.SetKey("enable.auto.commit", k.EnableAutoCommit)
	_ = m.SetKey("enable.auto.offset.store", k.AutoOffsetStore)
	return m
}
