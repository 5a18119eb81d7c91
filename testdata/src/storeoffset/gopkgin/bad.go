// Package gopkgin holds storeoffset cases against the gopkg.in v1 stub: bad.go the reported
// shapes, good.go the ones that must stay silent.
package gopkgin

import (
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

func process(m *kafka.Message) {}

func readLoopStore(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		process(m)
		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `c\.StoreOffsets stores the offset of message m itself, not the next one \(after a restart or rebalance consumption resumes at this message, which is delivered again\)`
	}
}

func pollCommit(c *kafka.Consumer) error {
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			process(e)
			if _, err := c.CommitOffsets([]kafka.TopicPartition{e.TopicPartition}); err != nil { // want `c\.CommitOffsets commits the offset of message e itself`
				return err
			}
		case kafka.Error:
			return e
		}
	}
}

func eventsStore(c *kafka.Consumer) {
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			process(m)
			_, _ = c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `stores the offset of message m itself`
		}
	}
}

func copyFirst(c *kafka.Consumer, m *kafka.Message) {
	tp := m.TopicPartition
	c.StoreOffsets([]kafka.TopicPartition{tp}) // want `stores the offset of message m itself`
}

func appended(c *kafka.Consumer, batch []*kafka.Message) {
	var offsets []kafka.TopicPartition
	for _, m := range batch {
		process(m)
		offsets = append(offsets, m.TopicPartition)
	}
	c.CommitOffsets(offsets) // want `commits the offset of message m itself`
}

func appendedSpread(c *kafka.Consumer, m *kafka.Message) {
	first := []kafka.TopicPartition{m.TopicPartition}
	all := append([]kafka.TopicPartition{}, first...)
	c.StoreOffsets(all) // want `stores the offset of message m itself`
}

type job struct {
	msg *kafka.Message
}

func fromJob(c *kafka.Consumer, jobs <-chan job) {
	for j := range jobs {
		process(j.msg)
		c.StoreOffsets([]kafka.TopicPartition{j.msg.TopicPartition}) // want `stores the offset of message j\.msg itself`
	}
}

type done struct {
	tp kafka.TopicPartition
}

func fromField(c *kafka.Consumer, m *kafka.Message, out chan<- done) {
	out <- done{tp: m.TopicPartition}
}

func storeDone(c *kafka.Consumer, in <-chan done) {
	for d := range in {
		c.StoreOffsets([]kafka.TopicPartition{d.tp}) // want `stores the offset of message m itself`
	}
}

func offsetField(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{{ // want `stores the offset of message m itself`
		Topic:     m.TopicPartition.Topic,
		Partition: m.TopicPartition.Partition,
		Offset:    m.TopicPartition.Offset,
	}})
}

func offsetVar(c *kafka.Consumer, m *kafka.Message) {
	off := m.TopicPartition.Offset
	c.CommitOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: kafka.Offset(int64(off))}}) // want `commits the offset of message m itself`
}

func messageValue(c *kafka.Consumer, m kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `stores the offset of message m itself`
}

func indexed(c *kafka.Consumer, msgs []*kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{msgs[len(msgs)-1].TopicPartition}) // want `stores the offset of message msgs\[len\(msgs\)-1\] itself`
}

func oneBranch(c *kafka.Consumer, m *kafka.Message, resume *kafka.TopicPartition) {
	var tp kafka.TopicPartition
	if resume != nil {
		tp = *resume
	} else {
		tp = m.TopicPartition
	}
	c.StoreOffsets([]kafka.TopicPartition{tp}) // want `stores the offset of message m itself`
}

func suppressed(c *kafka.Consumer, m *kafka.Message) {
	//kafkalint:ignore storeoffset replaying the last message is intended here
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
}
