package ibm

import (
	"log"

	"github.com/IBM/sarama"
)

// ConsumeClaim hands the claim to a method that loops and marks, and the
// message to a function that acks it (return h.handle(session, claim)).
type delegating struct{}

func (*delegating) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*delegating) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *delegating) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return h.handle(session, claim)
}

func (h *delegating) handle(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		log.Printf("%s", msg.Value)
		ackDelegated(session, msg)
	}
	return nil
}

func ackDelegated(session sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	session.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "") // want `session.MarkOffset marks the offset of message msg itself, not the next one`
}

// Its twin: the helper marks the next offset.
type delegatingNext struct{}

func (*delegatingNext) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*delegatingNext) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *delegatingNext) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return h.handle(session, claim)
}

func (h *delegatingNext) handle(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		session.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "")
	}
	return nil
}
