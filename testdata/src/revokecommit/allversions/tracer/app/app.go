// Package app consumes through the tracing wrapper of another package: the
// configuration is this package's, the consumer the wrapper's.
package app

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"revokecommit/allversions/tracer/trace"
)

func traced(topics []string) {
	c, _ := trace.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, trace.WithService("orders"))
	c.SubscribeTopics(topics, func(kc *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}

func tracedSafe(topics []string) {
	c, _ := trace.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "enable.auto.commit": false})
	c.SubscribeTopics(topics, func(kc *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: auto commit off
		}
		return nil
	})
}

func tracedCommits(topics []string) {
	c, _ := trace.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(kc *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			if _, err := c.Commit(); err != nil {
				return err
			}
			for i := range e.Partitions {
				e.Partitions[i].Offset = kafka.OffsetInvalid
			}
			if _, err := c.StoreOffsets(e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine: committed and invalidated
		}
		return nil
	})
}
