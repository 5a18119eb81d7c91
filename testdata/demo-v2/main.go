// Command demo is kafkalint's bundled demo on confluent-kafka-go v2: the same
// order consumer as ../demo (auto commit on, enable.auto.offset.store=false,
// offsets stored after processing, a rebalance callback that calls Unassign
// without committing and invalidating stored offsets), on a version whose
// bundled librdkafka (>= v1.9.0) rejects stores for unassigned partitions and
// clears stored offsets on Assign. revokecommit is silent here by default and
// reports the handler with -revokecommit.allversions. inventory.go has a mistake
// that matters on every version.
//
// It builds, but it is not meant to be run.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "inventory" {
		if err := runInventory(); err != nil {
			log.Fatal(err)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "shipping" {
		if err := runShipping(context.Background()); err != nil {
			log.Fatal(err)
		}
		return
	}
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        "localhost:9092",
		"group.id":                 "orders",
		"auto.offset.reset":        "earliest",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	if err := c.SubscribeTopics([]string{"orders"}, rebalance); err != nil {
		log.Fatal(err)
	}

	work := make(chan *kafka.Message, 100)
	done := make(chan struct{})
	go process(c, work, done)

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	for {
		select {
		case <-sig:
			close(work)
			<-done
			return
		default:
		}
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue // timeouts and transient errors
		}
		work <- msg
	}
}

// rebalance takes what the group coordinator assigns and gives up what it
// revokes.
func rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return c.Unassign()
	}
	return nil
}

// process handles messages in order and stores the offset after each one, so that
// the auto-committer only commits what has been processed.
func process(c *kafka.Consumer, work <-chan *kafka.Message, done chan<- struct{}) {
	defer close(done)
	for msg := range work {
		fmt.Printf("order %s: %s\n", msg.Key, msg.Value)
		next := msg.TopicPartition
		next.Offset++
		if _, err := c.StoreOffsets([]kafka.TopicPartition{next}); err != nil {
			log.Printf("store offset %v: %v", next, err)
		}
	}
}
