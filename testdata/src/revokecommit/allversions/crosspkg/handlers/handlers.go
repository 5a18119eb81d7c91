// Package handlers has a rebalance callback and a revoke helper for consumers
// built elsewhere: nothing is known of their configuration here, so nothing is
// reported here; the facts carry the handlers to the packages that know.
package handlers

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Rebalance is registered by other packages.
func Rebalance(c *kafka.Consumer, ev kafka.Event) error { // want Rebalance:`handler\(param 0, missing commit\+invalidate\+wait\)`
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return c.Unassign()
	}
	return nil
}

// GiveUp unassigns without committing: callers must commit and invalidate first.
func GiveUp(c *kafka.Consumer) { // want GiveUp:`unassigns\(param 0, missing commit\+invalidate\+wait\)`
	c.Unassign()
}

// CooperativeRebalance is registered with a cooperative assignor.
func CooperativeRebalance(c *kafka.Consumer, ev kafka.Event) error { // want CooperativeRebalance:`handler\(param 0, missing commit\+invalidate\+wait\)`
	if e, ok := ev.(kafka.RevokedPartitions); ok {
		return c.IncrementalUnassign(e.Partitions)
	}
	return nil
}
