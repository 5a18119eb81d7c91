package v2

import (
	"os"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func cooperativeCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions) // want `c\.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign \(librdkafka rejects eager Assign with ErrState and the consumer is left without partitions\)`
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky, use IncrementalUnassign \(librdkafka rejects eager Unassign with ErrState and the revoked partitions are not released\)`
		}
		return nil
	})
}

func rebalanceCb(c *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.RevokedPartitions); ok {
		c.Unassign() // want `c\.Unassign in RevokedPartitions handler of a consumer using group\.protocol=consumer`
		_ = e
	}
	return nil
}

func kip848(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "group.protocol": "consumer"})
	c.SubscribeTopics(topics, rebalanceCb)
}

func eagerDefault(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.IncrementalAssign(e.Partitions) // want `c\.IncrementalAssign in AssignedPartitions handler of a consumer using the default eager range,roundrobin strategy, use Assign \(librdkafka rejects IncrementalAssign under an eager protocol with ErrState and the consumer is left without partitions\)`
		case kafka.RevokedPartitions:
			return c.IncrementalUnassign(e.Partitions) // want `c\.IncrementalUnassign in RevokedPartitions handler .* use Unassign`
		}
		return nil
	})
}

func eagerExplicit(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "roundrobin"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions) // fine: eager Assign on an eager protocol
		case kafka.RevokedPartitions:
			return c.IncrementalUnassign(e.Partitions) // want `using the eager roundrobin strategy`
		}
		return nil
	})
}

func cooperativeCorrect(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.IncrementalAssign(e.Partitions) // fine
		case kafka.RevokedPartitions:
			return c.IncrementalUnassign(e.Partitions) // fine
		}
		return nil
	})
}

// The library's example: the handler branches on the protocol.
func branchesOnProtocol(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			if c.GetRebalanceProtocol() == "COOPERATIVE" {
				return c.IncrementalAssign(e.Partitions)
			}
			return c.Assign(e.Partitions) // fine: chosen by GetRebalanceProtocol
		case kafka.RevokedPartitions:
			switch c.GetRebalanceProtocol() {
			case "COOPERATIVE":
				return c.IncrementalUnassign(e.Partitions)
			default:
				return c.Unassign() // fine: chosen by GetRebalanceProtocol
			}
		}
		return nil
	})
}

func unknownStrategy(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": os.Getenv("STRATEGY")})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions) // fine: the strategy comes from outside
		case kafka.RevokedPartitions:
			return c.IncrementalUnassign(e.Partitions) // fine: the strategy comes from outside
		}
		return nil
	})
}

func incompleteMap(topics []string, extra kafka.ConfigMap) {
	cfg := extra
	cfg["group.id"] = "g"
	c, _ := kafka.NewConsumer(&cfg)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.AssignedPartitions); ok {
			return c.IncrementalAssign(e.Partitions) // fine: the map may set any strategy
		}
		return nil
	})
}

// Manual assignment outside a rebalance handler is not a handler call.
func manual(parts []kafka.TopicPartition) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c.Assign(parts) // fine: not in a rebalance handler
}

// Events channel handlers are handlers too.
func eventsLoop(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"group.protocol":                  "consumer",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			c.Assign(e.Partitions) // want `c\.Assign in AssignedPartitions handler of a consumer using group\.protocol=consumer`
		}
	}
}

// Handle is exported: its consumer is not traced, and the package's consumers
// are no fallback (internal/valueflow's policy).
func Handle(c *kafka.Consumer, ev kafka.Event) {
	if e, ok := ev.(kafka.AssignedPartitions); ok {
		c.Assign(e.Partitions) // fine: not traced
	}
}
