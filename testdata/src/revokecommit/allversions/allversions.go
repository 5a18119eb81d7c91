// Package allversions is package v2 checked with -revokecommit.allversions.
package allversions

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

func rebalanceWithoutCommit(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets \(harmless on v2\.0\.2 and later, which clear stored offsets on Unassign and reject late stores; reported because of -revokecommit\.allversions\)`
		}
		return nil
	})
}
