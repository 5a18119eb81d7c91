package v2

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func storeMessage(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		process(m)
		c.StoreMessage(m) // adds 1 itself
	}
}

func commitMessage(c *kafka.Consumer, m *kafka.Message) {
	c.CommitMessage(m) // adds 1 itself
}

func plusOneLiteral(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset + 1}}) // the next offset
}

func incrementedCopy(c *kafka.Consumer, m *kafka.Message) {
	tp := m.TopicPartition
	tp.Offset++ // the next offset
	c.StoreOffsets([]kafka.TopicPartition{tp})
}

func incrementedInSlice(c *kafka.Consumer, batch []*kafka.Message) {
	var offsets []kafka.TopicPartition
	for _, m := range batch {
		offsets = append(offsets, m.TopicPartition)
	}
	for i := range offsets {
		offsets[i].Offset += 1 // the next offsets
	}
	c.CommitOffsets(offsets)
}

func incrementedMessage(c *kafka.Consumer, m *kafka.Message) {
	m.TopicPartition.Offset = m.TopicPartition.Offset + 1 // changes the message itself
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
}

func offsetVarPlusOne(c *kafka.Consumer, m *kafka.Message) {
	off := m.TopicPartition.Offset
	off++
	c.CommitOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: off}})
}

type pending struct {
	tp kafka.TopicPartition
}

func fieldIncremented(c *kafka.Consumer, m *kafka.Message) {
	p := pending{tp: m.TopicPartition}
	p.tp.Offset++ // the next offset
	c.StoreOffsets([]kafka.TopicPartition{p.tp})
}

func bump(offsets []kafka.TopicPartition) {
	for i := range offsets {
		offsets[i].Offset++
	}
}

func passedToHelper(c *kafka.Consumer, m *kafka.Message) {
	offsets := []kafka.TopicPartition{m.TopicPartition}
	bump(offsets) // may add 1: not followed
	c.StoreOffsets(offsets)
}

func addressTaken(c *kafka.Consumer, m *kafka.Message) {
	tp := m.TopicPartition
	next(&tp) // may add 1: not followed
	c.StoreOffsets([]kafka.TopicPartition{tp})
}

func next(tp *kafka.TopicPartition) { tp.Offset++ }

func committed(c *kafka.Consumer) {
	parts, _ := c.Assignment()
	offsets, _ := c.Committed(parts, 5000)
	c.CommitOffsets(offsets) // offsets from the broker
}

func position(c *kafka.Consumer) {
	parts, _ := c.Assignment()
	offsets, _ := c.Position(parts)
	c.CommitOffsets(offsets) // Position is already the next offset
}

func invalidate(c *kafka.Consumer, e kafka.RevokedPartitions) {
	revoked := make([]kafka.TopicPartition, len(e.Partitions))
	for i, tp := range e.Partitions {
		tp.Offset = kafka.OffsetInvalid
		revoked[i] = tp
	}
	c.StoreOffsets(revoked) // not a message's offset
}

func partitionEOF(c *kafka.Consumer, e kafka.PartitionEOF) {
	c.StoreOffsets([]kafka.TopicPartition{kafka.TopicPartition(e)}) // EOF is the next offset
}

func parameter(c *kafka.Consumer, tp kafka.TopicPartition, offsets []kafka.TopicPartition) {
	c.StoreOffsets([]kafka.TopicPartition{tp}) // unknown origin
	c.CommitOffsets(offsets)                   // unknown origin
}

func built(c *kafka.Consumer, off kafka.Offset) {
	topic := "orders"
	m := &kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Offset: off}}
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // the program's own message
}

func computed(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: kafka.OffsetBeginning}})
}

func otherMethods(c *kafka.Consumer, m *kafka.Message) {
	c.Seek(m.TopicPartition, 0)                       // seeking to the message is fine
	c.Pause([]kafka.TopicPartition{m.TopicPartition}) // not a store
}
