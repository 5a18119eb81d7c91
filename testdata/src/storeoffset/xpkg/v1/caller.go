// Package xpkg stores offsets through the helpers of another package
// (offsets), known here by their StoresFact.
package xpkg

import (
	"github.com/confluentinc/confluent-kafka-go/kafka"

	"storeoffset/xpkg/v1/offsets"
)

func process(m *kafka.Message) {}

func storeThroughPackage(c *kafka.Consumer, m *kafka.Message) error {
	process(m)
	return offsets.Store(c, m.TopicPartition) // want `offsets\.Store stores the offset of message m itself, not the next one \(after a restart or rebalance consumption resumes at this message, which is delivered again\); offsets\.Store passes its argument to the consumer.s StoreOffsets unchanged`
}

func storeNextThroughPackage(c *kafka.Consumer, m *kafka.Message) error {
	process(m)
	return offsets.StoreNext(c, m.TopicPartition) // fine: it adds 1
}

func storeNextOffset(c *kafka.Consumer, m *kafka.Message) error {
	process(m)
	tp := m.TopicPartition
	tp.Offset++
	return offsets.Store(c, tp) // fine: the next offset
}

func commitBatch(w *offsets.Committer, batch []*kafka.Message) error {
	var tps []kafka.TopicPartition
	for _, m := range batch {
		process(m)
		tps = append(tps, m.TopicPartition)
	}
	return w.Commit(tps) // want `w\.Commit commits the offset of message m itself`
}

func commitNextBatch(w *offsets.Committer, batch []*kafka.Message) error {
	var tps []kafka.TopicPartition
	for _, m := range batch {
		process(m)
		tps = append(tps, m.TopicPartition)
	}
	return w.CommitNext(tps) // fine: it adds 1
}

func commitTraced(c *offsets.Traced, m *kafka.Message) {
	process(m)
	c.CommitOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `c\.CommitOffsets commits the offset of message m itself, not the next one \(.*\); c\.CommitOffsets passes its argument to the consumer.s CommitOffsets unchanged`
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})  // want `c\.StoreOffsets stores the offset of message m itself, not the next one \(after a restart or rebalance consumption resumes at this message, which is delivered again\)$`
}

func commitTracedNext(c *offsets.Traced, m *kafka.Message) {
	process(m)
	c.CommitMessage(m) // fine: the next offset
}
