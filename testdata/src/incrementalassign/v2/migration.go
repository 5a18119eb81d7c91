package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// One handler, two protocols (issue 20): during a migration from eager to
// cooperative rebalancing two constructors set a field that the shared
// handler reads to choose eager or incremental calls. Each branch runs only
// for the consumer whose protocol matches it.

type migratingConsumer struct {
	c           *kafka.Consumer
	incremental bool
}

func newRangeConsumer(topics []string) *migratingConsumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "orders",
		"group.protocol":                "classic",
		"partition.assignment.strategy": "range",
	})
	m := &migratingConsumer{c: c}
	c.SubscribeTopics(topics, m.rebalance)
	return m
}

func newCooperativeConsumer(topics []string) *migratingConsumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "orders",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	m := &migratingConsumer{c: c, incremental: true}
	c.SubscribeTopics(topics, m.rebalance)
	return m
}

func (m *migratingConsumer) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		if m.incremental {
			return c.IncrementalAssign(e.Partitions) // fine: only for the cooperative consumer
		}
		return c.Assign(e.Partitions) // fine: only for the range consumer
	case kafka.RevokedPartitions:
		if !m.incremental {
			return c.Unassign() // fine: only for the range consumer
		}
		return c.IncrementalUnassign(e.Partitions) // fine: only for the cooperative consumer
	}
	return nil
}

// The same migration with the flag the wrong way round in the cooperative
// constructor: its consumer takes the eager branch.

type mixedUpConsumer struct {
	c    *kafka.Consumer
	mode string
}

const (
	modeEager       = "eager"
	modeCooperative = "cooperative"
)

func newMixedUpRange(topics []string) *mixedUpConsumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "billing",
		"group.protocol":                "classic",
		"partition.assignment.strategy": "range",
	})
	m := &mixedUpConsumer{c: c, mode: modeEager}
	c.SubscribeTopics(topics, m.rebalance)
	return m
}

func newMixedUpCooperative(topics []string) *mixedUpConsumer {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "billing",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	m := &mixedUpConsumer{c: c}
	m.mode = modeEager // the bug: should be modeCooperative
	c.SubscribeTopics(topics, m.rebalance)
	return m
}

func (m *mixedUpConsumer) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		if m.mode == modeCooperative {
			return c.IncrementalAssign(e.Partitions) // fine: no consumer takes this branch
		}
		return c.Assign(e.Partitions) // want `c\.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`
	case kafka.RevokedPartitions:
		if m.mode != modeCooperative {
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky, use IncrementalUnassign`
		}
		return c.IncrementalUnassign(e.Partitions)
	}
	return nil
}
