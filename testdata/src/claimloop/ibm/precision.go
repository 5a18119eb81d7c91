package ibm

import (
	"errors"
	"fmt"
	"log"

	"github.com/IBM/sarama"
)

var errClaimClosed = errors.New("claim closed")

// A drain: the message is discarded, only the closing is watched (a handler
// that skips a topic it does not own). Nothing is dereferenced.
type drainHandler struct{}

func (drainHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (drainHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (drainHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case _, ok := <-claim.Messages():
			if !ok {
				return nil
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

// ok handed to a helper that returns an error on !ok before it uses the
// message, and the loop returns on the helper's error.
type okHelper struct{ sess sarama.ConsumerGroupSession }

func (*okHelper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okHelper) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *okHelper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	h.sess = sess
	for {
		select {
		case msg, ok := <-claim.Messages():
			if err := h.handle(msg, ok); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

func (h *okHelper) handle(m *sarama.ConsumerMessage, ok bool) error {
	if !ok {
		return errClaimClosed
	}
	h.sess.MarkMessage(m, "")
	return nil
}

// The same helper's result checked after the call, the claim's loop without a
// select.
type okHelperAfter struct{ h okHelper }

func (*okHelperAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okHelperAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (a *okHelperAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	a.h.sess = sess
	for {
		msg, ok := <-claim.Messages()
		err := a.h.handle(msg, ok)
		if err != nil {
			return err
		}
	}
}

// A helper given only ok, the message processed after it.
type okGate struct{}

func (okGate) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (okGate) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (okGate) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if gateClosed(claim.Partition(), ok) != nil {
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

func gateClosed(partition int32, open bool) error {
	if !open {
		return fmt.Errorf("partition %d: %w", partition, errClaimClosed)
	}
	return nil
}

// A helper that takes ok and ignores it: the nil message is marked.
type okIgnored struct{ sess sarama.ConsumerGroupSession }

func (*okIgnored) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okIgnored) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *okIgnored) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	h.sess = sess
	for {
		select {
		case msg, ok := <-claim.Messages(): // want `^receive from claim.Messages\(\) in \(\*okIgnored\).ConsumeClaim does not check for a closed channel`
			if err := h.handle(msg, ok); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

func (h *okIgnored) handle(m *sarama.ConsumerMessage, ok bool) error {
	if len(m.Value) == 0 {
		return nil
	}
	h.sess.MarkMessage(m, "")
	return nil
}

// A helper that returns nil when !ok: the loop receives nil again at once.
type okNilHelper struct{ sess sarama.ConsumerGroupSession }

func (*okNilHelper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okNilHelper) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *okNilHelper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	h.sess = sess
	for {
		select {
		case msg, ok := <-claim.Messages(): // want `^receive from claim.Messages\(\) in \(\*okNilHelper\).ConsumeClaim does not check for a closed channel`
			if err := h.handle(msg, ok); err != nil {
				return err
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

func (h *okNilHelper) handle(m *sarama.ConsumerMessage, ok bool) error {
	if !ok {
		return nil
	}
	h.sess.MarkMessage(m, "")
	return nil
}

// A helper that checks, but whose error the loop only logs.
type okLogged struct{ h okHelper }

func (*okLogged) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okLogged) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (l *okLogged) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	l.h.sess = sess
	for {
		select {
		case msg, ok := <-claim.Messages(): // want `^receive from claim.Messages\(\) in \(\*okLogged\).ConsumeClaim does not check for a closed channel`
			if err := l.h.handle(msg, ok); err != nil {
				log.Printf("handle: %v", err)
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

// A helper that tells by a bool whether to go on: false when the claim's
// channel is closed, and the loop returns on false.
type okProcess struct{ sess sarama.ConsumerGroupSession }

func (*okProcess) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okProcess) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p *okProcess) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	p.sess = sess
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !p.process(msg, ok) {
				return nil
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}

func (p *okProcess) process(msg *sarama.ConsumerMessage, ok bool) bool {
	if !ok {
		log.Println("claim closed")
		return false
	}
	p.sess.MarkMessage(msg, "")
	return true
}

// The same helper, the loop leaving on the wrong result: on a closed channel
// it goes on and receives nil again.
type okProcessInverted struct{ p okProcess }

func (*okProcessInverted) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*okProcessInverted) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (q *okProcessInverted) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	q.p.sess = sess
	for {
		select {
		case msg, ok := <-claim.Messages(): // want `^receive from claim.Messages\(\) in \(\*okProcessInverted\).ConsumeClaim does not check for a closed channel`
			if q.p.process(msg, ok) {
				return nil
			}
		case <-sess.Context().Done():
			return nil
		}
	}
}
