package fix

import "github.com/confluentinc/confluent-kafka-go/kafka"

func process(*kafka.Message) {}

func eventsLoop(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.application.rebalance.enable": true,
		"go.events.channel.enable":        true,
	})
	c.SubscribeTopics(topics, nil) // want `consumer c never assigns the partitions it is given`
	for ev := range c.Events() {
		switch e := ev.(type) {
		case *kafka.Message:
			process(e)
		}
	}
}

func eventsLast(topic string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.Subscribe(topic, nil) // want `consumer c never assigns the partitions it is given`
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}
