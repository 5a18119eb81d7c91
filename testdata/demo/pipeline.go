package main

import (
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// runPipeline is the same consumer with a pool of workers that store offsets
// when they finish a message: #209's own shape. Its revoke handler commits and
// invalidates, but does not wait for the workers first: a worker that finishes
// a message of a revoked partition after the handler stores an offset that
// librdkafka before v1.9.0 accepts and commits later, and the group's offset
// goes backwards anyway (reproduced on the mock cluster for v1.4.0 to v1.8.2).
// kafkalint reports it and offers no fix: the workers must be stopped, or the
// library upgraded.
func runPipeline(workers int) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "orders-pipeline",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()

	jobs := make(chan *kafka.Message, 100)
	for i := 0; i < workers; i++ {
		go work(c, jobs)
	}
	err = c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			if _, err := c.Commit(); err != nil && err.(kafka.Error).Code() != kafka.ErrNoOffset {
				return err
			}
			revoked := make([]kafka.TopicPartition, len(e.Partitions))
			for i, tp := range e.Partitions {
				tp.Offset = kafka.OffsetInvalid
				revoked[i] = tp
			}
			if _, err := c.StoreOffsets(revoked); err != nil {
				return err
			}
			return c.Unassign()
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue
		}
		jobs <- msg
	}
}

// work processes messages and stores the offset after each one.
func work(c *kafka.Consumer, jobs <-chan *kafka.Message) {
	for msg := range jobs {
		fmt.Printf("order %s: %s\n", msg.Key, msg.Value)
		next := msg.TopicPartition
		next.Offset++
		if _, err := c.StoreOffsets([]kafka.TopicPartition{next}); err != nil {
			log.Printf("store offset %v: %v", next, err)
		}
	}
}
