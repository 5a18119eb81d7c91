// Package autostore lets librdkafka store the offsets (ManualStore false:
// enable.auto.offset.store=true), so nothing stale is left to commit.
package autostore

import (
	"revokecommit/allversions/settings/rendered"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func run(topics []string) error {
	conf := rendered.Consumer{Brokers: "localhost:9092", GroupID: "orders", ManualStore: false, CommitIntervalMs: 5000}
	c, err := kafka.NewConsumer(conf.ConfigMap())
	if err != nil {
		return err
	}
	return c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // fine: offsets are stored automatically
		}
		return nil
	})
}
