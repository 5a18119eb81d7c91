// Package app keeps its consumer defaults in a package-level value, copies
// them, changes them and renders them with the settings package.
package app

import (
	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

	"revokecommit/defaults/gopkgin/settings"
)

var defaults = settings.Consumer{
	Brokers:    "localhost:9092",
	AutoCommit: true,
	AutoStore:  false,
}

func run(topics []string) {
	s := defaults
	s.Group = "orders"
	c, _ := kafka.NewConsumer(s.ConfigMap())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}
