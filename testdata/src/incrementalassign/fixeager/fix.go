package fixeager

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

func run(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "group.protocol": "classic", "partition.assignment.strategy": "range"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.IncrementalAssign(e.Partitions) // want `c\.IncrementalAssign in AssignedPartitions handler of a consumer using the eager range strategy, use Assign`
		case kafka.RevokedPartitions:
			return c.IncrementalUnassign(e.Partitions) // want `c\.IncrementalUnassign in RevokedPartitions handler of a consumer using the eager range strategy, use Unassign`
		}
		return nil
	})
}
