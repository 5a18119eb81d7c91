// Package lookalike uses a package with the library's names at another path:
// nothing is reported.
package lookalike

import "storeoffset/lookalike/kafka"

func store(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // not confluent-kafka-go
}
