package ibm

import (
	"log"

	"github.com/IBM/sarama"
)

func process(*sarama.ConsumerMessage) error { return nil }

// The most common shape in public code: a select with the session's context,
// the message unchecked.
type selectHandler struct{}

func (selectHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (selectHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (selectHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg := <-claim.Messages(): // want `receive from claim.Messages\(\) in selectHandler.ConsumeClaim does not check for a closed channel, use the comma-ok form and return when !ok \(a released claim's channel yields nil at once: nil dereference or a loop that spins\)`
			if err := process(msg); err != nil {
				continue
			}
			session.MarkMessage(msg, "")
		case <-session.Context().Done():
			return nil
		}
	}
}

// Its silent twin: sarama's example.
type exampleHandler struct{}

func (exampleHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (exampleHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (exampleHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				log.Printf("message channel was closed")
				return nil
			}
			session.MarkMessage(msg, "")
		case <-session.Context().Done():
			return nil
		}
	}
}

// A nil check that goes on: the loop spins on the closed channel.
type nilContinue struct{ metadata string }

func (*nilContinue) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*nilContinue) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *nilContinue) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg := <-claim.Messages():
			if msg == nil {
				log.Println("nil message")
				continue // want `continue on a closed claim.Messages\(\) channel in \(\*nilContinue\).ConsumeClaim receives from it again, return instead \(a released claim's channel yields nil at once: the loop spins\)`
			}
			session.MarkMessage(msg, h.metadata)
		case <-session.Context().Done():
			return nil
		}
	}
}

// Its twin: a nil check that returns, with another condition.
type nilReturn struct{}

func (nilReturn) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (nilReturn) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (nilReturn) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case <-sess.Context().Done():
			return nil
		case msg := <-claim.Messages():
			if msg == nil || sess.Context().Err() != nil {
				return nil
			}
			if err := process(msg); err == nil {
				sess.MarkMessage(msg, "")
			}
		}
	}
}

// comma-ok whose break leaves only the select.
type okBreak struct{}

func (okBreak) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (okBreak) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (okBreak) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				break // want `break out of the select on a closed claim.Messages\(\) channel in okBreak.ConsumeClaim receives from it again, return instead`
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// Its twin: a labelled break leaves the loop.
type okLabel struct{}

func (okLabel) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (okLabel) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (okLabel) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
loop:
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				break loop
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			break loop
		}
	}
	return nil
}

// A channel held in a variable and a plain for loop, with a break that leaves
// it (silent), and the same without a check (reported).
type plainLoop struct{}

func (plainLoop) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (plainLoop) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (plainLoop) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := claim.Messages()
	for {
		msg, ok := <-msgs
		if !ok {
			break
		}
		sess.MarkMessage(msg, "")
		if sess.Context().Err() != nil {
			return nil
		}
	}
	return nil
}

func drainOne(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage) {
	msg := <-msgs // want `receive from msgs in drainOne does not check for a closed channel`
	sess.MarkMessage(msg, "")
}

type helperLoop struct{}

func (helperLoop) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (helperLoop) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (helperLoop) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	drainOne(sess, claim.Messages())
	return nil
}

// A channel of the program's own, fed from the claim: not a claim's channel.
type fanOut struct{ work chan *sarama.ConsumerMessage }

func (fanOut) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fanOut) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (f fanOut) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			select {
			case f.work <- msg:
			case <-sess.Context().Done():
				return nil
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

func (f fanOut) worker() {
	for {
		msg := <-f.work
		_ = process(msg)
	}
}

// A batch loop in a goroutine of ConsumeClaim, with an inner select that
// assigns (no fix: the message is not declared there).
type batcher struct {
	out chan []*sarama.ConsumerMessage
}

func (batcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (batcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (b batcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var batch []*sarama.ConsumerMessage
	var msg *sarama.ConsumerMessage
	for {
		select {
		case <-sess.Context().Done():
			return nil
		case msg = <-claim.Messages(): // want `receive from claim.Messages\(\) in batcher.ConsumeClaim does not check for a closed channel`
			batch = append(batch, msg)
			if len(batch) == 10 {
				b.out <- batch
				batch = nil
			}
		}
	}
}

// A closed channel ends the program through a helper of the package that
// never returns (internal/noreturn's fact): the loop is left (no closedclaim),
// but the process ends at the first rebalance (closedclaimstop). A helper
// that returns leaves nothing: the loop receives again (reported).
type exitOnClose struct{}

func (exitOnClose) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (exitOnClose) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (exitOnClose) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := claim.Messages()
	for {
		msg, ok := <-msgs
		if !ok {
			die("claim released") // want `die on a closed msgs channel in exitOnClose.ConsumeClaim ends the process, return nil instead`
		}
		sess.MarkMessage(msg, "")
		if sess.Context().Err() != nil {
			return nil
		}
	}
}

func die(why string) { log.Fatal(why) }

type noteOnClose struct{}

func (noteOnClose) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (noteOnClose) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (noteOnClose) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := claim.Messages()
	for {
		msg, ok := <-msgs // want `^receive from msgs in noteOnClose.ConsumeClaim does not check for a closed channel`
		if !ok {
			note("claim released")
		}
		sess.MarkMessage(msg, "")
		if sess.Context().Err() != nil {
			return nil
		}
	}
}

func note(why string) { log.Print(why) }
