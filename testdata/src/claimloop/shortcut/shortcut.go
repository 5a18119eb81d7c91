// Package shortcut holds receives from a variable that the analyzer settles
// as a claim's channel, or not, from the variable's one definition before it
// builds the SSA form (claimChanShortcut), and the shapes it leaves to that
// form: a variable assigned again, addressed, captured by a literal, defined
// by a helper of the package.
package shortcut

import (
	"log"

	"github.com/IBM/sarama"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// The canonical shape, settled from the definition.
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := claim.Messages()
	for {
		select {
		case msg := <-msgs: // want `receive from msgs in handler.ConsumeClaim does not check for a closed channel`
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

type checked struct{}

func (checked) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (checked) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// Its twin checks for the closed channel.
func (checked) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var msgs = claim.Messages()
	for {
		select {
		case msg, ok := <-msgs:
			if !ok {
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// A PartitionConsumer's channel, settled from the definition: not a
// claim's, and reported as a partition consumer's.
func partition(pc sarama.PartitionConsumer) {
	msgs := pc.Messages()
	for {
		msg := <-msgs // want `receive from msgs in partition does not check for a closed channel, use the comma-ok form and return when !ok \(a PartitionConsumer's channel is closed`
		log.Print(msg.Offset)
	}
}

// Its twin checks ok.
func partitionOK(pc sarama.PartitionConsumer) {
	msgs := pc.Messages()
	for {
		msg, ok := <-msgs
		if !ok {
			return
		}
		log.Print(msg.Offset)
	}
}

// A channel of the program's own: neither.
func own(msgs chan *sarama.ConsumerMessage) {
	local := msgs
	for {
		msg := <-local
		log.Print(msg.Offset)
	}
}

// Another interface's Messages, settled from the definition: neither.
type source interface {
	Messages() <-chan *sarama.ConsumerMessage
}

func fromSource(src source) {
	msgs := src.Messages()
	msg := <-msgs
	log.Print(msg.Offset)
}

// Unreachable: go/ssa has no instruction for the receive.
func unreachable(claim sarama.ConsumerGroupClaim) {
	msgs := claim.Messages()
	return
	msg := <-msgs
	log.Print(msg.Offset)
}

// Assigned again: left to the SSA form, which sees the last value only,
// the PartitionConsumer's.
func reassigned(claim sarama.ConsumerGroupClaim, pc sarama.PartitionConsumer) {
	msgs := claim.Messages()
	msgs = pc.Messages()
	msg := <-msgs // want `receive from msgs in reassigned does not check for a closed channel, use the comma-ok form and return when !ok \(a PartitionConsumer's channel is closed`
	log.Print(msg.Offset)
}

// Addressed: left to the SSA form.
func addressed(claim sarama.ConsumerGroupClaim) {
	msgs := claim.Messages()
	keep(&msgs)
	msg := <-msgs // want `receive from msgs in addressed does not check for a closed channel`
	log.Print(msg.Offset)
}

func keep(*<-chan *sarama.ConsumerMessage) {}

// Captured by a literal: left to the SSA form.
func captured(claim sarama.ConsumerGroupClaim) {
	msgs := claim.Messages()
	go func() {
		msg := <-msgs // want `receive from msgs in a function literal does not check for a closed channel`
		log.Print(msg.Offset)
	}()
}

// Defined by a helper of the package: left to the SSA form, which follows
// the helper's result.
func viaHelper(claim sarama.ConsumerGroupClaim) {
	msgs := messagesOf(claim)
	msg := <-msgs // want `receive from msgs in viaHelper does not check for a closed channel`
	log.Print(msg.Offset)
}

func messagesOf(claim sarama.ConsumerGroupClaim) <-chan *sarama.ConsumerMessage {
	return claim.Messages()
}

// A range over the variable: settled, and watched for the session.
func ranged(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	msgs := claim.Messages()
	for msg := range msgs {
		sess.MarkMessage(msg, "")
	}
}
