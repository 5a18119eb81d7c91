// Package v2 holds the #209 handler against the v2 import path. v2 bundles
// librdkafka 2.x, which clears stored offsets on Unassign and rejects late
// stores (v1.9.0 and later), so nothing is reported by default; the same code is
// reported under -revokecommit.allversions (package allversions).
package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

func rebalanceWithoutCommit(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine on v2: the library prevents the rewind
		}
		return nil
	})
}
