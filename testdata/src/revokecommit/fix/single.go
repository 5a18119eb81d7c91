package fix

import "github.com/confluentinc/confluent-kafka-go/kafka"

// shadowedErrors: errors is a local variable where the fix goes, so the errors
// package is imported under another name (the file has a single import).
func shadowedErrors(topics []string) {
	errors := 0
	c := newConsumer()
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			errors++
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}
