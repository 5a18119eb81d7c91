// Package settings renders a typed settings struct into a ConfigMap, as
// service frameworks do; its users keep package-level defaults, copy them,
// change them and render them (issue 16, shape 6).
package settings

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Consumer holds the consumer settings a service configures.
type Consumer struct {
	Brokers    string
	Group      string
	AutoCommit bool
	AutoStore  bool
}

// ConfigMap renders the settings.
func (s Consumer) ConfigMap() *kafka.ConfigMap {
	return &kafka.ConfigMap{
		"bootstrap.servers":        s.Brokers,
		"group.id":                 s.Group,
		"enable.auto.commit":       s.AutoCommit,
		"enable.auto.offset.store": s.AutoStore,
	}
}
