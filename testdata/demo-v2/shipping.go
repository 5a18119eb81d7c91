package main

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// runShipping is a third consumer, written in a hurry: its session timeout is
// meant to be 30 seconds, but librdkafka reads "30s" as 30 milliseconds
// (configkey), and its loop returns on any error of ReadMessage, so it stops
// at the first 100ms without a shipment (readtimeout).
func runShipping(ctx context.Context) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "shipping",
		"session.timeout.ms": "30s",
	})
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Subscribe("shipments", nil); err != nil {
		return err
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			return fmt.Errorf("shipping: %w", err)
		}
		log.Printf("shipment %s", msg.Key)
	}
	return ctx.Err()
}
