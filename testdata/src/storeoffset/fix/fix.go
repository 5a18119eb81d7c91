// Package fix holds the storeoffset reports that carry a fix; fix.go.golden is
// the file after all of them.
package fix

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func process(m *kafka.Message) {}

func readLoop(c *kafka.Consumer) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		process(m)
		if _, err := c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}); err != nil { // want `c\.StoreOffsets stores the offset of message m itself`
			return err
		}
	}
}

func pollLoop(c *kafka.Consumer) {
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			process(e)
			c.CommitOffsets([]kafka.TopicPartition{e.TopicPartition}) // want `c\.CommitOffsets commits the offset of message e itself`
		}
	}
}

type handler struct {
	consumer *kafka.Consumer
	jobs     chan struct{ msg *kafka.Message }
}

func (h *handler) run() {
	for j := range h.jobs {
		stored, err := h.consumer.StoreOffsets([]kafka.TopicPartition{0: (j.msg.TopicPartition)}) // want `h\.consumer\.StoreOffsets stores the offset of message j\.msg itself`
		_, _ = stored, err
	}
}

func literal(c *kafka.Consumer, m *kafka.Message) {
	c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset}}) // want `stores the offset of message m itself`
	off := m.TopicPartition.Offset
	c.CommitOffsets([]kafka.TopicPartition{{ // want `commits the offset of message m itself`
		Topic:     m.TopicPartition.Topic,
		Partition: m.TopicPartition.Partition,
		Offset:    off,
	}})
}

func noFix(c *kafka.Consumer, m, n *kafka.Message, v kafka.Message) {
	tp := m.TopicPartition
	c.StoreOffsets([]kafka.TopicPartition{tp})                                 // want `stores the offset of message m itself`
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition, n.TopicPartition}) // want `stores the offset of message m itself`
	c.StoreOffsets([]kafka.TopicPartition{v.TopicPartition})                   // want `stores the offset of message v itself`
}

func autoStore() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": true})
	m, _ := c.ReadMessage(-1)
	c.StoreMessage(m) // want `c\.StoreMessage on a consumer with enable\.auto\.offset\.store=true fails with ErrInvalidArg`
}

func txnLoop(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.BeginTransaction()
		process(m)
		md, _ := c.GetConsumerGroupMetadata()
		if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{m.TopicPartition}, md); err != nil { // want `p\.SendOffsetsToTransaction sends the offset of message m itself`
			return err
		}
		p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset}}, md) // want `p\.SendOffsetsToTransaction sends the offset of message m itself`
		p.CommitTransaction(ctx)
	}
}
