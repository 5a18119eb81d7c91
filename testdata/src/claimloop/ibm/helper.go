package ibm

import (
	"log"

	"github.com/IBM/sarama"
)

// ConsumeClaim hands the claim to a method that loops: the shape of handlers
// that keep ConsumeClaim short (return h.handle(session, claim)).
type delegating struct {
	out chan<- []byte
}

func (*delegating) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*delegating) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *delegating) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return h.handle(session, claim)
}

func (h *delegating) handle(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() { // want `loop over claim.Messages\(\) in \(\*delegating\).handle, which \(\*delegating\).ConsumeClaim runs, blocks and never watches session.Context\(\).Done\(\), select on it and return when it is done \(a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed\)`
		h.out <- msg.Value
		session.MarkMessage(msg, "")
	}
	return nil
}

// Its twin: the helper selects on the session's context.
type delegatingCtx struct {
	out chan<- []byte
}

func (*delegatingCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*delegatingCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *delegatingCtx) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return h.handle(session, claim)
}

func (h *delegatingCtx) handle(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		select {
		case h.out <- msg.Value:
			session.MarkMessage(msg, "")
		case <-session.Context().Done():
			return nil
		}
	}
	return nil
}

// The loop two calls down, in a function given the claim's channel.
type twoDeep struct{ results chan error }

func (*twoDeep) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*twoDeep) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (t *twoDeep) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	log.Printf("claim %s/%d", claim.Topic(), claim.Partition())
	return t.run(sess, claim)
}

func (t *twoDeep) run(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return drain(sess, claim.Messages(), t.results)
}

func drain(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage, results chan error) error {
	for msg := range msgs { // want `loop over msgs in drain, which \(\*twoDeep\).ConsumeClaim runs, blocks and never watches sess.Context\(\).Done\(\)`
		if err := <-results; err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Its twin: the helper's loop does not block, and ends with the claim.
type twoDeepFast struct{}

func (twoDeepFast) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (twoDeepFast) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (t twoDeepFast) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return markAll(sess, claim.Messages())
}

func markAll(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage) error {
	for msg := range msgs {
		sess.MarkMessage(msg, "")
	}
	return nil
}
