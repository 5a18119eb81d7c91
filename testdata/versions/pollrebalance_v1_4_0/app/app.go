// Package app polls a consumer on confluent-kafka-go v1.4.0 with
// go.application.rebalance.enable=true and no rebalance callback: before v1.6.1
// Poll hands AssignedPartitions to the application, which must assign
// (docs/library-facts.md, F15).
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func process(*kafka.Message) {}

// PollMessagesOnly never assigns.
func PollMessagesOnly(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // want `consumer c never assigns the partitions it is given: SubscribeTopics passes no rebalance callback and nothing handles AssignedPartitions from c\.Poll \(go\.application\.rebalance\.enable is true: the client leaves the assignment to the application and the consumer reads nothing; on v1\.4\.0 Close also hangs\)`
	defer c.Close()
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
		}
	}
}

// ReadMessages never assigns either: ReadMessage wraps Poll and drops other events.
func ReadMessages(topic string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.Subscribe(topic, nil) // want `consumer c never assigns the partitions it is given: Subscribe passes no rebalance callback and nothing handles AssignedPartitions from c\.ReadMessage \(.*on v1\.4\.0 Close also hangs\)`
	for {
		m, err := c.ReadMessage(-1)
		if err == nil {
			process(m)
		}
	}
}

// PollAssigns handles AssignedPartitions.
func PollAssigns(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil)
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions:
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
