// Package config builds the consumers of the application.
package config

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Base returns the settings every consumer shares.
func Base() kafka.ConfigMap {
	return kafka.ConfigMap{
		"group.id":                 "orders",
		"enable.auto.offset.store": false,
	}
}

// NewConsumer builds a consumer from Base.
func NewConsumer() (*kafka.Consumer, error) {
	cfg := Base()
	cfg.SetKey("bootstrap.servers", "localhost")
	return kafka.NewConsumer(&cfg)
}

// NewSafeConsumer builds a consumer that stores offsets automatically.
func NewSafeConsumer() (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "orders"})
}
