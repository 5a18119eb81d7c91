package xpkg

import (
	"context"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

	"storeoffset/xpkg/gopkgin/offsets"
)

func sendThroughPackage(ctx context.Context, t *offsets.Txn, m *kafka.Message) error {
	process(m)
	return t.SendOffsets(ctx, []kafka.TopicPartition{m.TopicPartition}) // want `t\.SendOffsets sends the offset of message m itself, not the next one \(the transaction commits it as the group.s offset: .*\); t\.SendOffsets passes its argument to the producer.s SendOffsetsToTransaction unchanged`
}

func sendNextThroughPackage(ctx context.Context, t *offsets.Txn, m *kafka.Message) error {
	process(m)
	next := m.TopicPartition
	next.Offset++
	return t.SendOffsets(ctx, []kafka.TopicPartition{next}) // fine: the next offset
}
