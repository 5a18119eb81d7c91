// Package app is the #209 handler on confluent-kafka-go v1.9.2, where the library
// itself prevents the rewind: nothing is reported by default.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func Run(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine on v1.9.2
		}
		return nil
	})
}
