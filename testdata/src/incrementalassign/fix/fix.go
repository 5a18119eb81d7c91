// Package fix: every consumer of the package is cooperative, so an untraced
// handler is reported too.
package fix

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

func New(topics []string) *kafka.Consumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	c.SubscribeTopics(topics, rebalance)
	return c
}

func rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		if err := c.Assign(e.Partitions); err != nil { // want `c\.Assign in AssignedPartitions handler`
			return err
		}
	case kafka.RevokedPartitions:
		if c.AssignmentLost() {
			return nil
		}
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler`
	}
	return nil
}

// Handle is exported: the consumer is not traced, and the package's only
// consumer is cooperative.
func Handle(c *kafka.Consumer, ev kafka.Event) {
	if revoked, ok := ev.(kafka.RevokedPartitions); ok {
		c.Unassign() // want `c\.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky`
		_ = revoked
	}
}

func noBinding(c *kafka.Consumer, ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		// no fix: the event is not bound
		c.Unassign() // want `c\.Unassign in RevokedPartitions handler`
	}
}

func shadowed(c *kafka.Consumer, ev kafka.Event, parts []kafka.TopicPartition) {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		// no fix: not the event's partitions
		c.Assign(parts) // want `c\.Assign in AssignedPartitions handler`
		_ = e
	case kafka.RevokedPartitions:
		{
			e := parts
			// no fix: e is shadowed
			c.Unassign() // want `c\.Unassign in RevokedPartitions handler`
			_ = e
		}
	}
}

var _ = noBinding
var _ = shadowed
