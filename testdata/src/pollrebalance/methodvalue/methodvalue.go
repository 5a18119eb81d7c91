// Package methodvalue takes Assign as a value: its calls are not followed, so
// nothing is reported in the package.
package methodvalue

import "github.com/confluentinc/confluent-kafka-go/kafka"

func process(*kafka.Message) {}

func events(topics []string, assigned chan []kafka.TopicPartition) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: assign may be called
	assign := c.Assign
	go func() {
		for ps := range assigned {
			assign(ps)
		}
	}()
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}
