package v1

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// Consume-transform-produce loops (issue 19): SendOffsetsToTransaction takes
// committed offsets, the next message to read, as CommitOffsets does. Each
// reported shape has a silent twin.

func transform(m *kafka.Message) ([]*kafka.Message, error) { return nil, nil }

// txnReadLoop is the shape of a real loop: one transaction per message, the
// message's own TopicPartition sent as the group's offset.
func txnReadLoop(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := p.BeginTransaction(); err != nil {
			continue
		}
		outputs, err := transform(msg)
		if err != nil {
			p.AbortTransaction(ctx)
			continue
		}
		for _, out := range outputs {
			p.Produce(out, nil)
		}
		md, err := c.GetConsumerGroupMetadata()
		if err != nil {
			p.AbortTransaction(ctx)
			continue
		}
		err = p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{msg.TopicPartition}, md) // want `p\.SendOffsetsToTransaction sends the offset of message msg itself, not the next one \(the transaction commits it as the group's offset: after a restart or rebalance consumption resumes at this message, which is processed again\)`
		if err != nil {
			p.AbortTransaction(ctx)
			continue
		}
		if err := p.CommitTransaction(ctx); err != nil {
			log.Println("commit failed:", err)
		}
	}
}

// txnReadLoopNext is its twin: the offset after the message.
func txnReadLoopNext(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		p.BeginTransaction()
		outputs, _ := transform(msg)
		for _, out := range outputs {
			p.Produce(out, nil)
		}
		md, _ := c.GetConsumerGroupMetadata()
		next := []kafka.TopicPartition{{Topic: msg.TopicPartition.Topic, Partition: msg.TopicPartition.Partition, Offset: msg.TopicPartition.Offset + 1}}
		if err := p.SendOffsetsToTransaction(ctx, next, md); err != nil { // fine: the next offset
			p.AbortTransaction(ctx)
			continue
		}
		p.CommitTransaction(ctx)
	}
}

// txnPollBatch commits a batch of polled messages per transaction, with the
// last message of each partition.
func txnPollBatch(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	var batch []*kafka.Message
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			batch = append(batch, e)
			if len(batch) < 100 {
				continue
			}
		case kafka.Error:
			return e
		default:
			if len(batch) == 0 {
				continue
			}
		}
		p.BeginTransaction()
		var offsets []kafka.TopicPartition
		for _, m := range batch {
			outputs, _ := transform(m)
			for _, out := range outputs {
				p.Produce(out, nil)
			}
			offsets = append(offsets, m.TopicPartition)
		}
		md, _ := c.GetConsumerGroupMetadata()
		if err := p.SendOffsetsToTransaction(ctx, offsets, md); err != nil { // want `p\.SendOffsetsToTransaction sends the offset of message m itself`
			return err
		}
		if err := p.CommitTransaction(ctx); err != nil {
			return err
		}
		batch = batch[:0]
	}
}

// txnPollBatchPosition is its twin, as confluent-kafka-go's transactions
// example writes it: the consumer's Position of its assignment.
func txnPollBatchPosition(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	var batch []*kafka.Message
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			batch = append(batch, m)
		}
		if len(batch) < 100 {
			continue
		}
		p.BeginTransaction()
		for _, m := range batch {
			outputs, _ := transform(m)
			for _, out := range outputs {
				p.Produce(out, nil)
			}
		}
		assignment, err := c.Assignment()
		if err != nil {
			return err
		}
		position, err := c.Position(assignment)
		if err != nil {
			return err
		}
		md, _ := c.GetConsumerGroupMetadata()
		if err := p.SendOffsetsToTransaction(ctx, position, md); err != nil { // fine: the position is the next offset
			return err
		}
		p.CommitTransaction(ctx)
		batch = batch[:0]
	}
}

// A txnPipe embeds the producer: its promoted SendOffsetsToTransaction is the
// producer's.
type txnPipe struct {
	*kafka.Producer
	c *kafka.Consumer
}

func (t *txnPipe) send(ctx context.Context, m *kafka.Message) error {
	tp := m.TopicPartition
	md, _ := t.c.GetConsumerGroupMetadata()
	return t.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{tp}, md) // want `t\.SendOffsetsToTransaction sends the offset of message m itself`
}

func (t *txnPipe) sendNext(ctx context.Context, m *kafka.Message) error {
	tp := m.TopicPartition
	tp.Offset++
	md, _ := t.c.GetConsumerGroupMetadata()
	return t.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{tp}, md) // fine: the next offset
}

// sendTxnOffsets sends what it is given; its callers decide the offsets.
func sendTxnOffsets(ctx context.Context, p *kafka.Producer, md *kafka.ConsumerGroupMetadata, offsets []kafka.TopicPartition) error {
	return p.SendOffsetsToTransaction(ctx, offsets, md) // want `p\.SendOffsetsToTransaction sends the offset of message m itself`
}

func txnThroughHelper(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) {
	m, err := c.ReadMessage(time.Second)
	if err != nil {
		return
	}
	transform(m)
	md, _ := c.GetConsumerGroupMetadata()
	sendTxnOffsets(ctx, p, md, []kafka.TopicPartition{m.TopicPartition})
	p.CommitTransaction(ctx)
}

// txnRetryFailed sends, when the transformation fails, the failed message's own
// offset and seeks back to it: it is read again now, and after a restart.
func txnRetryFailed(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.BeginTransaction()
		md, _ := c.GetConsumerGroupMetadata()
		outputs, err := transform(m)
		if err != nil {
			if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{m.TopicPartition}, md); err != nil { // fine: the message failed and is read again
				return err
			}
			p.CommitTransaction(ctx)
			c.Seek(m.TopicPartition, 0)
			continue
		}
		for _, out := range outputs {
			p.Produce(out, nil)
		}
		if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{m.TopicPartition}, md); err != nil { // want `p\.SendOffsetsToTransaction sends the offset of message m itself`
			return err
		}
		p.CommitTransaction(ctx)
	}
}

// txnBuiltMessage sends the offset of a message the program built.
func txnBuiltMessage(ctx context.Context, p *kafka.Producer, md *kafka.ConsumerGroupMetadata) error {
	topic := "t"
	m := &kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Offset: 42}}
	return p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{m.TopicPartition}, md) // fine: not a consumed message
}
