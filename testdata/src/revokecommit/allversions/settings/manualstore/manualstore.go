// Package manualstore stores offsets itself with the auto-committer on: the
// #209 configuration, rendered from !ManualStore and CommitIntervalMs > 0.
package manualstore

import (
	"revokecommit/allversions/settings/rendered"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func run(topics []string) error {
	conf := rendered.Consumer{Brokers: "localhost:9092", GroupID: "orders", ManualStore: true, CommitIntervalMs: 5000}
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
