package main

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// runInventory is a second consumer that moved to the cooperative-sticky assignor
// but kept its eager rebalance callback: librdkafka rejects Assign and Unassign
// under a cooperative protocol with ErrState, and the consumer is left without
// partitions (incrementalassign).
func runInventory() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":             "localhost:9092",
		"group.id":                      "inventory",
		"partition.assignment.strategy": "cooperative-sticky",
	})
	if err != nil {
		return err
	}
	defer c.Close()

	err = c.SubscribeTopics([]string{"inventory"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Printf("inventory: %v", err)
			continue
		}
		log.Printf("inventory %s", msg.Key)
	}
}
