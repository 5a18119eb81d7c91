// Package safeapp is package app with safe defaults: the library commits
// itself, with auto commit off.
package safeapp

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"revokecommit/allversions/defaults/settings"
)

var defaults = settings.Consumer{
	Brokers:    "localhost:9092",
	AutoCommit: false,
	AutoStore:  false,
}

func run(topics []string) {
	s := defaults
	s.Group = "orders"
	c, _ := kafka.NewConsumer(s.ConfigMap())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: auto commit off in the defaults
		}
		return nil
	})
}
