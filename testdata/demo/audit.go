package main

import (
	"fmt"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// runAudit is an older consumer of the same topic, kept for a nightly audit job.
// It has three more mistakes that kafkalint reports: a configuration value the
// client cannot convert (configkey), a stored offset that is the processed
// message's own instead of the next one (storeoffset), and a revoke case that the
// Poll loop never sees (pollrebalance).
func runAudit() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "orders-audit",
		"enable.auto.offset.store": false,
		"session.timeout.ms":       int64(30000),
	})
	if err != nil {
		return err
	}
	defer c.Close()

	if err := c.Subscribe("orders", nil); err != nil {
		return err
	}
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			fmt.Printf("audit %s\n", e.Key)
			if _, err := c.StoreOffsets([]kafka.TopicPartition{e.TopicPartition}); err != nil {
				return err
			}
		case kafka.RevokedPartitions:
			// Make sure what was stored is committed before the partitions go.
			if _, err := c.Commit(); err != nil {
				return err
			}
		}
	}
}
