package fix

import "github.com/IBM/sarama"

type handler struct{ meta string }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, h.meta) // want `sess.MarkOffset marks the offset of message msg itself`
	}
	return nil
}

type other struct{}

func (other) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (other) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (other) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkOffset(claim.Topic(), claim.Partition(), msg.Offset, "") // want `sess.MarkOffset marks the offset of message msg itself`
	}
	return nil
}
