// Command worker consumes orders. Its tests (worker_test.go) test the parsing of
// a key, which nothing that uses the client names: in text mode the command
// analyses the test variant alone, which reports the same.
package main

import (
	"strings"

	"example.com/tree/config"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func main() {
	c, _ := config.NewConsumer()
	subscribe(c)
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
	}
}

func rebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return c.Unassign()
	}
	return nil
}

func subscribe(c *kafka.Consumer) {
	c.SubscribeTopics([]string{"orders"}, rebalance)
}

// orderID returns the order of a message key "order/ID".
func orderID(key string) (string, bool) {
	return strings.CutPrefix(key, "order/")
}
