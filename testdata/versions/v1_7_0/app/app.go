// Package app is the #209 handler on confluent-kafka-go v1.7.0: Unassign clears
// stored offsets, but late stores from in-flight work are still accepted.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Run hands messages to a worker that stores offsets: a store after the revoke
// is accepted and committed later.
func Run(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	jobs := make(chan *kafka.Message)
	go work(c, jobs)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets, after waiting for the goroutines that store its offsets \(on v1\.7\.0 offsets stored after the revoke by work still in flight are accepted and auto-committed later, rewinding the group's committed offset, and a commit and invalidation alone do not stop that: wait for that work first, or upgrade to v1\.9\.0, which rejects such stores\)`
		}
		return nil
	})
	for {
		if m, err := c.ReadMessage(-1); err == nil {
			jobs <- m
		}
	}
}

func work(c *kafka.Consumer, jobs <-chan *kafka.Message) {
	for m := range jobs {
		next := m.TopicPartition
		next.Offset++
		c.StoreOffsets([]kafka.TopicPartition{next})
	}
}

// RunInline stores on the goroutine that polls: on v1.7.0 Unassign clears the
// stored offsets and nothing is stored after it (the proof matrix measured no
// rewind from v1.4.2 on).
func RunInline(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "inline", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // fine on v1.7.0: no late stores
		}
		return nil
	})
	for {
		if m, err := c.ReadMessage(-1); err == nil {
			next := m.TopicPartition
			next.Offset++
			c.StoreOffsets([]kafka.TopicPartition{next})
		}
	}
}
