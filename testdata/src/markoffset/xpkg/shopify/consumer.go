package shopify

import (
	"github.com/Shopify/sarama"

	"markoffset/xpkg/shopify/kafkautil"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		kafkautil.Ack(sess, msg.Topic, msg.Partition, msg.Offset) // want `kafkautil.Ack marks the offset of message msg itself with MarkOffset, not the next one, pass the offset plus 1 \(the mark is where the group resumes: the message is delivered again after a restart or rebalance\)`
		kafkautil.Ack(sess, msg.Topic, msg.Partition, msg.Offset+1)
		kafkautil.AckMessage(sess, msg)
	}
	return nil
}
