// Package rendered renders consumer settings into a ConfigMap from
// expressions of their fields (issue 20): the callers' constants are
// evaluated through the negation and the comparison.
package rendered

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Consumer holds what a service configures.
type Consumer struct {
	Brokers string
	GroupID string
	// ManualStore: the service stores the offsets of the messages it has
	// processed itself.
	ManualStore bool
	// CommitIntervalMs: 0 turns the auto-committer off.
	CommitIntervalMs int
}

// ConfigMap renders the settings.
func (s Consumer) ConfigMap() *kafka.ConfigMap {
	return &kafka.ConfigMap{
		"bootstrap.servers":        s.Brokers,
		"group.id":                 s.GroupID,
		"enable.auto.offset.store": !s.ManualStore,
		"enable.auto.commit":       s.CommitIntervalMs > 0,
		"auto.commit.interval.ms":  s.CommitIntervalMs,
	}
}
