// Package old uses a vendored library before v1.8.2, which has CommitMessage
// but not StoreMessage: StoreOffsets of m.TopicPartition is reported without a
// fix there.
package old

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func loop(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})  // want `c\.StoreOffsets stores the offset of message m itself`
		c.CommitOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `c\.CommitOffsets commits the offset of message m itself`

		c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset}}) // want `stores the offset of message m itself`
	}
}

func next(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset + 1}}) // the next offset
}
