// Package poller polls orders. Its test calls poll, which uses the client: the
// test variant's analysis could differ from the package's, and the command
// analyses both.
package poller

import (
	"example.com/tree/config"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func poll(c *kafka.Consumer) {
	m, _ := c.ReadMessage(-1)
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
}

// Run polls a consumer built by config.
func Run() {
	c, _ := config.NewConsumer()
	poll(c)
}
