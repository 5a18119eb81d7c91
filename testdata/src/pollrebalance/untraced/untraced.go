// Package untraced assigns a consumer the trace does not follow: it may be the
// one whose events are not read, so nothing is reported in the package.
package untraced

import "github.com/confluentinc/confluent-kafka-go/kafka"

func process(*kafka.Message) {}

func events(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: Assign below may be on c
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}

// Assign assigns a consumer of the caller's.
func Assign(c *kafka.Consumer, ps []kafka.TopicPartition) error {
	return c.Assign(ps)
}
