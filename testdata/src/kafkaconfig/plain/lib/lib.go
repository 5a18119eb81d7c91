// Package lib builds a base configuration, renders typed settings, and takes
// configurations and consumers from its callers: what its importers resolve
// through facts.
package lib

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Base returns the shared settings.
func Base() *kafka.ConfigMap { // want Base:`config \{enable\.auto\.offset\.store=false group\.id=orders\}`
	return &kafka.ConfigMap{"group.id": "orders", "enable.auto.offset.store": false}
}

// Settings are typed settings the caller chooses.
type Settings struct {
	AutoCommit bool
}

// ConfigMap renders the settings: the entry reads a field of the receiver.
func (s Settings) ConfigMap() *kafka.ConfigMap { // want ConfigMap:`config \{enable\.auto\.commit=\? group\.id=orders\}`
	m := &kafka.ConfigMap{"group.id": "orders"}
	_ = m.SetKey("enable.auto.commit", s.AutoCommit)
	return m
}

// Consumer settings render the ConfigMap from expressions of their fields:
// a negation and a comparison with a constant.
type Consumer struct {
	ManualStore      bool
	CommitIntervalMs int
}

// ConfigMap renders the settings.
func (s Consumer) ConfigMap() *kafka.ConfigMap { // want ConfigMap:`config \{enable\.auto\.commit=\? enable\.auto\.offset\.store=\? group\.id=orders\}`
	return &kafka.ConfigMap{
		"group.id":                 "orders",
		"enable.auto.offset.store": !s.ManualStore,
		"enable.auto.commit":       s.CommitIntervalMs > 0,
	}
}

// Worker is handed a configuration and a consumer by its callers.
type Worker struct {
	Config   *kafka.ConfigMap
	Consumer *kafka.Consumer
}

// Run starts a consumer with the caller's configuration.
func Run(cfg *kafka.ConfigMap) error {
	_, err := kafka.NewConsumer(cfg) // want `client NewConsumer: unknown`
	return err
}

// NewConsumer builds a consumer of its own.
func NewConsumer() (*kafka.Consumer, error) { // want NewConsumer:`consumer \{enable\.auto\.commit=false group\.id=orders\}`
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "orders", "enable.auto.commit": false}) // want `client NewConsumer: complete \{enable\.auto\.commit=false group\.id=orders\}`
}
