// Package settings is a service framework's typed consumer settings: Default
// returns them with the framework's choices, the provider changes some, and
// ConfigMap renders them (issue 16, shape 3).
package settings

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Consumer holds the consumer settings.
type Consumer struct {
	Brokers         string
	Group           string
	AutoCommit      bool
	AutoOffsetStore bool
}

// Framework is the service framework's configuration.
type Framework struct{ Brokers string }

// Consumer returns the framework's consumer settings: auto commit and auto
// store on.
func (f Framework) Consumer() Consumer {
	return Consumer{Brokers: f.Brokers, AutoCommit: true, AutoOffsetStore: true}
}

// Default returns the framework's defaults: auto commit and auto store on.
func Default() Consumer {
	return Consumer{Brokers: "localhost:9092", AutoCommit: true, AutoOffsetStore: true}
}

// ConfigMap renders the settings for kafka.NewConsumer.
func (s Consumer) ConfigMap() *kafka.ConfigMap {
	return &kafka.ConfigMap{
		"bootstrap.servers":        s.Brokers,
		"group.id":                 s.Group,
		"enable.auto.commit":       s.AutoCommit,
		"enable.auto.offset.store": s.AutoOffsetStore,
	}
}

// ProvideConfigMap is the framework's ConfigMap provider: auto commit on.
func ProvideConfigMap() *kafka.ConfigMap {
	return &kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "orders"}
}

// ProvideManualConfigMap is the framework's ConfigMap provider for
// consumers that commit themselves: auto commit off.
func ProvideManualConfigMap() *kafka.ConfigMap {
	return &kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "orders", "enable.auto.commit": false}
}
