// Package app is the #209 handler on confluent-kafka-go v1.4.0, before librdkafka
// reset stored offsets on Unassign.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func Run(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets \(on v1\.4\.0 stored offsets survive Unassign and are auto-committed after the partition is assigned again, rewinding the group's committed offset; fixed in v1\.9\.0\)`
		}
		return nil
	})
}

// PollLoop: before v1.6.1, Poll returns rebalance events when the application
// takes rebalancing over (go.application.rebalance.enable) without a callback, so
// this handler runs and is reported.
func PollLoop() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "go.application.rebalance.enable": true})
	c.Subscribe("t", nil)
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions:
			c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets \(on v1\.4\.0 stored offsets survive Unassign`
		}
	}
}
