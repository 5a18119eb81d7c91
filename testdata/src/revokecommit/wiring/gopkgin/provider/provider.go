// Package provider is provider A of a dependency-injection graph: it
// returns a consumer built from the framework's settings (issue 16, shape 3).
package provider

import (
	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

	"revokecommit/wiring/gopkgin/settings"
)

// Group names the consumer group; the injector provides it.
type Group string

// ProvideConsumer returns a consumer whose offsets the application stores
// itself, while the framework's auto commit stays on.
func ProvideConsumer(g Group) (*kafka.Consumer, error) {
	s := settings.Framework{Brokers: "localhost:9092"}.Consumer()
	s.Group = string(g)
	s.AutoOffsetStore = false
	return kafka.NewConsumer(s.ConfigMap())
}

// ProvideAutoStoreConsumer returns a consumer with the framework's
// defaults: offsets are stored automatically.
func ProvideAutoStoreConsumer(g Group) (*kafka.Consumer, error) {
	s := settings.Default()
	s.Group = string(g)
	return kafka.NewConsumer(s.ConfigMap())
}

// ProvideConsumerFrom returns a consumer made from the ConfigMap another
// provider gives the injector, with the automatic store turned off here.
func ProvideConsumerFrom(cm *kafka.ConfigMap) (*kafka.Consumer, error) {
	_ = cm.SetKey("enable.auto.offset.store", false)
	return kafka.NewConsumer(cm)
}

// ProvideConsumerWith returns a consumer made from the settings another
// provider gives the injector: the configuration is its caller's.
func ProvideConsumerWith(s settings.Consumer) (*kafka.Consumer, error) {
	return kafka.NewConsumer(s.ConfigMap())
}

// ProvideConsumerWithPtr is ProvideConsumerWith for a pointer.
func ProvideConsumerWithPtr(s *settings.Consumer) (*kafka.Consumer, error) {
	return kafka.NewConsumer(s.ConfigMap())
}
