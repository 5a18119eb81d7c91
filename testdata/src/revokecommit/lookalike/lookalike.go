// Package lookalike uses a package with the library's names at another path:
// nothing is reported, because the library is recognised by import path.
package lookalike

import "example.com/kafka"

func lookalikeRebalance(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: not confluent-kafka-go
		}
		return nil
	})
}
