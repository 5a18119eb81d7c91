// Package app wires consumers from package config to handlers from package
// handlers: the reports appear here, where both are known.
package app

import (
	"revokecommit/allversions/crosspkg/config"
	"revokecommit/allversions/crosspkg/handlers"
	"revokecommit/allversions/crosspkg/helpers"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func foreignCallback(topics []string) {
	c, _ := config.NewConsumer()
	c.SubscribeTopics(topics, handlers.Rebalance) // want `handlers\.Rebalance \(handlers\.go:14\) calls Unassign in a RevokedPartitions handler, not preceded on every path by a commit and an invalidation of stored offsets.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func foreignCallbackSafeConsumer(topics []string) {
	c, _ := config.NewSafeConsumer()
	c.SubscribeTopics(topics, handlers.Rebalance) // fine: offsets are stored automatically
}

func foreignHelperUnassigns(topics []string) {
	c, _ := kafka.NewConsumer(func() *kafka.ConfigMap { m := config.Base(); return &m }())
	_ = c
	c2, _ := config.NewConsumer()
	c2.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			handlers.GiveUp(c) // want `handlers\.GiveUp \(handlers\.go:21\) calls Unassign in a RevokedPartitions handler, not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}

func foreignHelperCommits(topics []string) {
	c, _ := config.NewConsumer()
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			if err := helpers.Finish(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine: helpers.Finish commits and invalidates on every path
		}
		return nil
	})
}

func foreignHelperCommitsSometimes(topics []string, really bool) {
	cfg := config.Base()
	c, _ := kafka.NewConsumer(&cfg)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			helpers.MaybeCommit(c, really)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}

// subscriber is the program's own consumer interface: a Subscribe through it
// registers the callback as the consumer's own method does.
type subscriber interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
}

func foreignCallbackThroughInterface(topics []string) {
	c, _ := config.NewConsumer()
	var s subscriber = c
	s.SubscribeTopics(topics, handlers.Rebalance) // want `handlers\.Rebalance \(handlers\.go:14\) calls Unassign in a RevokedPartitions handler, not preceded on every path by a commit and an invalidation of stored offsets.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func foreignCallbackThroughInterfaceSafeConsumer(topics []string) {
	c, _ := config.NewSafeConsumer()
	var s subscriber = c
	s.SubscribeTopics(topics, handlers.Rebalance) // fine: offsets are stored automatically
}

// The report names the method the handler calls: IncrementalUnassign.
func foreignCooperativeCallback(topics []string) {
	c, _ := config.NewConsumer()
	c.SubscribeTopics(topics, handlers.CooperativeRebalance) // want `handlers\.CooperativeRebalance \(handlers\.go:27\) calls IncrementalUnassign in a RevokedPartitions handler, not preceded on every path by a commit and an invalidation of stored offsets.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func foreignCooperativeCallbackSafeConsumer(topics []string) {
	c, _ := config.NewSafeConsumer()
	c.SubscribeTopics(topics, handlers.CooperativeRebalance) // fine: offsets are stored automatically
}
