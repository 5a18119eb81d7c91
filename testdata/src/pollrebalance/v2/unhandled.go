package v2

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// With go.application.rebalance.enable=true and no rebalance callback, the
// Events() channel carries AssignedPartitions on every version and the
// application must assign (docs/library-facts.md, F15).

func unhandledEventsNeverRead(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // want `consumer c never assigns the partitions it is given: SubscribeTopics passes no rebalance callback and nothing handles AssignedPartitions from c\.Events\(\) \(go\.application\.rebalance\.enable is true: the client leaves the assignment to the application and the consumer reads nothing\)`
	c.Close()
}

func unhandledEventsMessagesOnly(topic string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	c.Subscribe(topic, nil) // want `consumer c never assigns the partitions it is given: Subscribe passes no rebalance callback and nothing handles AssignedPartitions from c\.Events\(\) \(.*reads nothing\)`
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}

func unhandledEventsAssignedHere(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch e := ev.(type) {
		case kafka.AssignedPartitions: // fine: assigned by the application
			c.Assign(e.Partitions)
		case *kafka.Message:
			process(e)
		}
	}
}

func unhandledEventsWithCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error { // fine: the callback receives the events
		return nil
	})
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}

func unhandledEventsRebalanceOff(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": false})
	c.SubscribeTopics(topics, nil) // fine: the client assigns itself
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}

func unhandledEventsRebalanceAbsent(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true})
	c.SubscribeTopics(topics, nil) // fine: the client assigns itself
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}

// NewEventsConsumer hands the consumer to other packages, which may handle its events.
func NewEventsConsumer(topics []string) *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: the caller may read Events()
	return c
}

// unhandledPollMessagesOnlySince161: from v1.6.1 (the v2 import path proves v2.0.2 or
// later) the client assigns by itself when Poll is used.
func unhandledPollMessagesOnlySince161(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: Poll returns no rebalance events since v1.6.1
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
		}
	}
}
