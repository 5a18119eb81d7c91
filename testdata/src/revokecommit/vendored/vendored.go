// Package vendored uses the library through a GOPATH vendor directory: the
// package path is revokecommit/vendored/vendor/github.com/..., still recognised.
package vendored

import "github.com/confluentinc/confluent-kafka-go/kafka"

func vendoredRebalance(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}
