// Package old vendors a v1.5.2-shaped library: the version is unknown, so a case is
// reported only where it is dead on every version.
package old

import (
	"flag"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func drain() {}

var enable = flag.Bool("rebalance", true, "")

func pollFlagOn(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil)
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions: // fine: returned by Poll before v1.6.1
			c.Assign(e.Partitions)
		case kafka.RevokedPartitions: // fine: returned by Poll before v1.6.1
			c.Unassign()
		}
	}
}

func pollFlagDefault(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, nil)
	for {
		switch c.Poll(100).(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Poll events never matches, move the handling into a rebalance callback passed to Subscribe/SubscribeTopics \(go\.application\.rebalance\.enable is false: the client assigns partitions itself and Poll returns no rebalance events\)`
			drain()
		}
	}
}

func pollFlagOff(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": false})
	c.SubscribeTopics(topics, nil)
	for {
		switch c.Poll(100).(type) {
		case kafka.RevokedPartitions: // want `go\.application\.rebalance\.enable is false`
			drain()
		}
	}
}

func pollWithCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error { return nil })
	for {
		switch c.Poll(100).(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Poll events never matches, move the handling into the rebalance callback passed to SubscribeTopics \(rebalance events go to the callback, not to Poll\)`
			drain()
		}
	}
}

func pollFlagFromOutside(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": *enable})
	c.Subscribe(topics[0], nil)
	for {
		switch c.Poll(100).(type) {
		case kafka.RevokedPartitions: // fine: the flag may be true
			drain()
		}
	}
}

func eventsCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error { return nil })
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // fine: before v1.6.1 the channel gets the events and the callback is not called
			drain()
		}
	}
}

func eventsNoFlagNoCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Events\(\) events never matches, .*Events\(\) carries no rebalance events`
			drain()
		}
	}
}

// Poll is given a consumer from elsewhere: the consumer is not traced, and the
// package's consumers are no fallback (internal/valueflow's policy).
func Poll(c *kafka.Consumer) {
	switch c.Poll(100).(type) {
	case kafka.RevokedPartitions: // fine: not traced
		drain()
	}
}
