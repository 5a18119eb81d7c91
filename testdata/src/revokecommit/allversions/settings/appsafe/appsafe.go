// Package appsafe wires the same settings with auto commit off.
package appsafe

import (
	"revokecommit/allversions/settings/settings"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func run(topics []string) error {
	conf := settings.Kafka{Brokers: "localhost:9092", GroupID: "orders", EnableAutoCommit: false, AutoOffsetStore: false}
	c, err := kafka.NewConsumer(conf.ConfigMap())
	if err != nil {
		return err
	}
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // fine: auto commit is off
		}
		return nil
	})
}
