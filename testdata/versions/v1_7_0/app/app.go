// Package app is the #209 handler on confluent-kafka-go v1.7.0: Unassign clears
// stored offsets, but late stores from in-flight work are still accepted.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func Run(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets \(on v1\.7\.0 Unassign clears stored offsets, but offsets stored after the revoke by work still in flight are auto-committed later, rewinding the group's committed offset: stop that work first; fixed in v1\.9\.0\)`
		}
		return nil
	})
}
