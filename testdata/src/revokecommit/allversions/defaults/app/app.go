// Package app keeps its consumer defaults in a package-level value, copies
// them, changes them and renders them with the settings package.
package app

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"revokecommit/allversions/defaults/settings"
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
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}
