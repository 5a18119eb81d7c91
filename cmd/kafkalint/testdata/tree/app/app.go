// Package app wires consumers from package config to handlers from package
// handlers: the reports appear here, where both are known.
package app

import (
	"example.com/tree/config"
	"example.com/tree/handlers"
	"example.com/tree/helpers"
	"example.com/tree/metrics"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func foreignCallback(topics []string) {
	c, _ := config.NewConsumer()
	c.SubscribeTopics(topics, handlers.Rebalance)
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
			handlers.GiveUp(c)
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
			return c.Unassign()
		}
		return nil
	})
}

// counted uses the broken metrics package: app is type-checked all the same.
func counted(c *kafka.Consumer) {
	metrics.Count("consumers")
	m, _ := c.ReadMessage(-1)
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
}
