// Command demo is a small order consumer in the shape of confluent-kafka-go issue
// #209: librdkafka auto-commits (enable.auto.commit defaults to true), the
// application stores offsets itself once it has processed a message
// (enable.auto.offset.store=false), and the rebalance callback gives revoked
// partitions up with Unassign without committing and invalidating the offsets it
// stored. On v1.4.0 those stored offsets survive Unassign: when a partition comes
// back, the auto-committer commits the stale offset and the group's committed
// offset goes backwards.
//
// It is kafkalint's bundled demo: it builds, but it is not meant to be run.
// main.go processes messages on the goroutine that polls, so committing and
// invalidating in the handler is enough (kafkalint's suggested fix);
// pipeline.go hands them to workers, where it is not.
package main

import (
	"fmt"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "audit" {
		if err := runAudit(); err != nil {
			log.Fatal(err)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "pipeline" {
		if err := runPipeline(4); err != nil {
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

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	for {
		select {
		case <-sig:
			return
		default:
		}
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			continue // timeouts and transient errors
		}
		process(c, msg)
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

// process handles a message and stores the offset after it, so that the
// auto-committer only commits what has been processed.
func process(c *kafka.Consumer, msg *kafka.Message) {
	fmt.Printf("order %s: %s\n", msg.Key, msg.Value)
	next := msg.TopicPartition
	next.Offset++
	if _, err := c.StoreOffsets([]kafka.TopicPartition{next}); err != nil {
		log.Printf("store offset %v: %v", next, err)
	}
}
