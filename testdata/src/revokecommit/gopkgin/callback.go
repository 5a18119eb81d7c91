// Package gopkgin holds the revokecommit cases of package v1 against the gopkg.in path. Without module
// information the exact version is unknown, so risky handlers are reported.
package gopkgin

import (
	"log"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// riskyConfig is the #209 configuration: auto commit on by default, offsets stored
// by the application.
func riskyConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{
		"bootstrap.servers":        "localhost",
		"group.id":                 "g",
		"enable.auto.offset.store": false,
	}
}

func literalCallbackWithoutCommit(topics []string) {
	c, err := kafka.NewConsumer(riskyConfig())
	if err != nil {
		log.Fatal(err)
	}
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets \(version unknown, v1\.8\.2 or later: before v1\.9\.0, stale stored offsets can be auto-committed`
		}
		return nil
	})
}

// intervalZeroMs turns auto commit off: librdkafka reads "0ms" as 0, so nothing
// commits the stale stored offsets.
func intervalZeroMs(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost",
		"group.id":                 "g",
		"enable.auto.offset.store": false,
		"auto.commit.interval.ms":  "0ms",
	})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign()
		}
		return nil
	})
}

// intervalMs keeps auto commit on: librdkafka reads "100ms" as 100.
func intervalMs(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost",
		"group.id":                 "g",
		"enable.auto.offset.store": false,
		"auto.commit.interval.ms":  "100ms",
	})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets`
		}
		return nil
	})
}

func literalCallbackCommitsAndInvalidates(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			if _, err := c.Commit(); err != nil && err.(kafka.Error).Code() != kafka.ErrNoOffset {
				return err
			}
			parts := make([]kafka.TopicPartition, len(e.Partitions))
			for i, tp := range e.Partitions {
				tp.Offset = kafka.OffsetInvalid
				parts[i] = tp
			}
			if _, err := c.StoreOffsets(parts); err != nil {
				return err
			}
			return c.Unassign() // fine: committed and invalidated on every path
		}
		return nil
	})
}

func commitsOnOneBranchOnly(topics []string, drain bool) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if drain {
				c.Commit()
				c.StoreOffsets([]kafka.TopicPartition{{Topic: e.Partitions[0].Topic, Offset: kafka.OffsetInvalid}})
			}
			c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}

func commitsButDoesNotInvalidate(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			c.Commit()
			c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
		}
		return nil
	})
}

func lostAssignmentIsExcused(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			if c.AssignmentLost() {
				return c.Unassign() // fine: a lost assignment cannot be committed
			}
			c.Commit()
			for i := range e.Partitions {
				e.Partitions[i].Offset = kafka.OffsetInvalid
			}
			c.StoreOffsets(e.Partitions)
			return c.Unassign()
		}
		return nil
	})
}

func unassignOutsideHandler() {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.Unassign() // fine: not a revoke handler
	c.Close()
}
