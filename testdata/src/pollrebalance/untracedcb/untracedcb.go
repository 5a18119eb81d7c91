// Package untracedcb subscribes, with a callback, a consumer the trace does not
// follow: it may be the one whose events are not read, so nothing is reported.
package untracedcb

import "github.com/confluentinc/confluent-kafka-go/kafka"

func process(*kafka.Message) {}

func events(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: Resubscribe may be called on c
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
		}
	}
}

// Resubscribe subscribes a consumer of the caller's with a callback.
func Resubscribe(c *kafka.Consumer, topics []string, cb kafka.RebalanceCb) error {
	return c.SubscribeTopics(topics, cb)
}
