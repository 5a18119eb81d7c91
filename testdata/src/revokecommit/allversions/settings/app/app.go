// Package app wires the settings: auto commit on, offsets stored by the app.
package app

import (
	"revokecommit/allversions/settings/settings"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var conf = settings.Kafka{
	Brokers:          "localhost:9092",
	GroupID:          "orders",
	EnableAutoCommit: true,
	AutoOffsetStore:  false,
}

func run(topics []string) error {
	c, err := kafka.NewConsumer(conf.ConfigMap())
	if err != nil {
		return err
	}
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}
