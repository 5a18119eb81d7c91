package shopify

import (
	"context"
	"time"

	"github.com/Shopify/sarama"
)

// The bare range loop: it never looks at the session, but ends when the claim
// is released (the proof's claimctx/range-fast): silent.
type rangeHandler struct{}

func (rangeHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (rangeHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (rangeHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for message := range claim.Messages() {
		_ = process(message)
		session.MarkMessage(message, "")
	}
	return nil
}

// A range loop whose body blocks on a send to a worker.
type forward struct {
	out chan *sarama.ConsumerMessage
}

func (*forward) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*forward) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (f *forward) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() { // want `loop over claim.Messages\(\) in \(\*forward\).ConsumeClaim blocks and never watches sess.Context\(\).Done\(\), select on it and return when it is done \(a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed\)`
		f.out <- msg
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Its twin: the send selects on the session's context.
type forwardCtx struct {
	out chan *sarama.ConsumerMessage
}

func (*forwardCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*forwardCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (f *forwardCtx) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		select {
		case f.out <- msg:
		case <-sess.Context().Done():
			return nil
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// A retry loop with time.Sleep and the handler's own context, not the session's.
type retrying struct {
	ctx context.Context
}

func (*retrying) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*retrying) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *retrying) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for { // want `loop over claim.Messages\(\) in \(\*retrying\).ConsumeClaim blocks and never watches sess.Context\(\).Done\(\)`
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			for process(msg) != nil {
				time.Sleep(time.Second)
			}
			sess.MarkMessage(msg, "")
		case <-r.ctx.Done():
			return nil
		}
	}
}

// The session handed to a helper of the package that watches its context:
// silent.
type viaHelper struct{}

func (viaHelper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (viaHelper) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (viaHelper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		time.Sleep(10 * time.Millisecond)
		if !handle(sess, msg) {
			return nil
		}
	}
	return nil
}

func handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) bool {
	if sess.Context().Err() != nil {
		return false
	}
	sess.MarkMessage(msg, "")
	return true
}

// The session handed to a helper that does not: reported.
type viaMarker struct{}

func (viaMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (viaMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (viaMarker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() { // want `loop over claim.Messages\(\) in viaMarker.ConsumeClaim blocks and never watches sess.Context\(\).Done\(\)`
		time.Sleep(10 * time.Millisecond)
		mark(sess, msg)
	}
	return nil
}

func mark(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "")
}

// The session stored where the package cannot follow it: silent.
type stored struct {
	sessions chan sarama.ConsumerGroupSession
	out      chan *sarama.ConsumerMessage
}

func (stored) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (stored) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s stored) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	s.sessions <- sess
	for msg := range claim.Messages() {
		s.out <- msg
	}
	return nil
}

// A method named ConsumeClaim with another signature: not a handler's.
type notHandler struct{}

func (notHandler) ConsumeClaim(claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = process(msg)
	}
	return nil
}

// A select on the claim and the handler's own context: it never watches the
// session, but its cases do not block and it returns when the claim's
// channel is closed: silent.
type ownCtx struct {
	ctx context.Context
}

func (*ownCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*ownCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (o *ownCtx) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-o.ctx.Done():
			return nil
		}
	}
}
