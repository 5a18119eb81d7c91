// Package fix: the handlers' consumer is traced to its cooperative configuration.
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

// helpers hands the same consumer to the helpers below, so that it is traced.
func helpers(c *kafka.Consumer, ev kafka.Event) {
	handle(c, ev)
	noBinding(c, ev)
	shadowed(c, ev, nil)
	viaInterface(c, ev)
}

// assigner is an interface of the program's own: renaming its method could
// name one it lacks, so no fix is offered.
type assigner interface {
	Assign(partitions []kafka.TopicPartition) error
}

func viaInterface(c *kafka.Consumer, ev kafka.Event) {
	var a assigner = c
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		a.Assign(e.Partitions) // want `a\.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`
	}
}

func rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		if err := c.Assign(e.Partitions); err != nil { // want `c\.Assign in AssignedPartitions handler`
			return err
		}
	case kafka.RevokedPartitions:
		helpers(c, ev)
		if c.AssignmentLost() {
			return nil
		}
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler`
	}
	return nil
}

func handle(c *kafka.Consumer, ev kafka.Event) {
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

// Handle is exported: its consumer is not traced, and the package's consumers
// are no fallback (internal/valueflow's policy).
func Handle(c *kafka.Consumer, ev kafka.Event) {
	if revoked, ok := ev.(kafka.RevokedPartitions); ok {
		c.Unassign() // fine: not traced
		_ = revoked
	}
}
