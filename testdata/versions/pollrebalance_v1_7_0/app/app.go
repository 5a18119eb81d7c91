// Package app polls a consumer on confluent-kafka-go v1.7.0 with
// go.application.rebalance.enable=true and no rebalance callback: from v1.6.1
// Poll returns no rebalance event and the client assigns by itself
// (docs/library-facts.md, F15).
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func process(*kafka.Message) {}

// PollMessagesOnly reads: the client assigns.
func PollMessagesOnly(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: the client assigns on v1.7.0
	defer c.Close()
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
		}
	}
}

// ReadMessages reads as well.
func ReadMessages(topic string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.Subscribe(topic, nil) // fine: the client assigns on v1.7.0
	for {
		m, err := c.ReadMessage(-1)
		if err == nil {
			process(m)
		}
	}
}

// PollAssigns handles AssignedPartitions where v1.7.0 never delivers them (a dead case), and the client assigns.
func PollAssigns(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil)
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions: // want `AssignedPartitions case on c\.Poll events never matches on v1\.7\.0`
			c.Assign(e.Partitions)
		case *kafka.Message:
			process(e)
		}
	}
}

// PollCallback passes a rebalance callback: it receives the events.
func PollCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.AssignedPartitions); ok {
			return c.Assign(e.Partitions)
		}
		return nil
	})
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
		}
	}
}

// PollDefault leaves rebalancing to the client.
func PollDefault(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, nil)
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
		}
	}
}
