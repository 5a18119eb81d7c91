package v1

import (
	"flag"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

const offsetStoreKey = "enable.auto.offset.store"

func revoke(c *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler`
	}
	return nil
}

// revoke is registered on a consumer whose settings come from SetKey and a named
// constant, and on one built from a "key=value" string: both risky.
func setKeyAndConstants() {
	cfg := kafka.ConfigMap{"group.id": "g"}
	cfg.SetKey(offsetStoreKey, "false")
	c, _ := kafka.NewConsumer(&cfg)
	c.Subscribe("t", revoke)
}

func safeAutoCommitOff(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                 "g",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: nothing is auto-committed
		}
		return nil
	})
}

func safeDefaultOffsetStore(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: offsets are stored automatically
		}
		return nil
	})
}

var store = flag.Bool("store", false, "")

func unknownValue(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": *store})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: the value comes from a flag, nothing is proved
		}
		return nil
	})
}

func setString() {
	cfg := &kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true}
	cfg.Set("enable.auto.offset.store=false")
	c, _ := kafka.NewConsumer(cfg)
	for ev := range c.Events() {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			c.IncrementalUnassign(e.Partitions) // want `c\.IncrementalUnassign in RevokedPartitions handler`
		}
	}
}

// consumerConfig is package-level: unexported and never changed elsewhere, so its
// settings are known.
var consumerConfig = &kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}

func packageLevelConfig(topics []string) {
	c, _ := kafka.NewConsumer(consumerConfig)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}
