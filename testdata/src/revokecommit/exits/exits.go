// Package exits holds paths that end in a call that never returns, declared in
// another package or listed by internal/noreturn: they do not reach the Unassign.
package exits

import (
	"runtime"

	"github.com/confluentinc/confluent-kafka-go/kafka"

	"revokecommit/exits/fail"
)

func riskyConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{
		"bootstrap.servers":        "localhost",
		"group.id":                 "g",
		"enable.auto.offset.store": false,
	}
}

// commitAndInvalidate meets both obligations.
func commitAndInvalidate(c *kafka.Consumer, e kafka.RevokedPartitions) {
	c.Commit()
	parts := make([]kafka.TopicPartition, len(e.Partitions))
	for i, tp := range e.Partitions {
		tp.Offset = kafka.OffsetInvalid
		parts[i] = tp
	}
	c.StoreOffsets(parts)
}

func stopsInAnotherPackage(topics []string, ready bool) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if ready {
				commitAndInvalidate(c, e)
			} else {
				fail.Stop(c, "revoked before ready") // never returns (a fact of package fail)
			}
			return c.Unassign() // fine: the path without a commit ended in fail.Stop
		}
		return nil
	})
}

func warnsInAnotherPackage(topics []string, ready bool) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if ready {
				commitAndInvalidate(c, e)
			} else {
				fail.Warn(c, "revoked before ready") // returns
			}
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets`
		}
		return nil
	})
}

func endsTheGoroutine(topics []string, ready bool) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if !ready {
				runtime.Goexit() // never returns
			}
			commitAndInvalidate(c, e)
			return c.Unassign() // fine
		}
		return nil
	})
}
