// Package computed holds MarkOffset calls whose offset the analyzer settles
// from its syntax before it builds the SSA form: a constant or an arithmetic
// result cannot be a message's own offset as is. Unary plus and parentheses
// leave the operand as it is, and are traced.
package computed

import "github.com/IBM/sarama"

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkOffset(msg.Topic, msg.Partition, +msg.Offset, "")  // want `sess.MarkOffset marks a consumed message.s own offset`
		sess.MarkOffset(msg.Topic, msg.Partition, (msg.Offset), "") // want `sess.MarkOffset marks the offset of message msg itself`
		sess.MarkOffset(msg.Topic, msg.Partition, (msg.Offset)+1, "")
		sess.MarkOffset(msg.Topic, msg.Partition, 1+msg.Offset, "")
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+int64(len(msg.Value)), "")
		sess.MarkOffset(msg.Topic, msg.Partition, -msg.Offset, "")
		sess.MarkOffset(msg.Topic, msg.Partition, ^msg.Offset, "")
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset<<0, "")
		sess.MarkOffset(msg.Topic, msg.Partition, sarama.OffsetNewest, "")
		sess.MarkOffset(msg.Topic, msg.Partition, 42, "")
	}
	return nil
}
