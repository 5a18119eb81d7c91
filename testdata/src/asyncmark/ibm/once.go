package ibm

import (
	"sync"

	"github.com/IBM/sarama"
)

// An ack made at most once per message: the helper the handler calls runs
// the mark through sync.Once's Do, which calls its function in place and
// returns after it: the mark comes before ConsumeClaim returns.
type onceAck struct {
	once  sync.Once
	acked chan struct{}
}

type onceHandler struct{}

func (onceHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (onceHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h onceHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a := &onceAck{acked: make(chan struct{})}
		h.ack(sess, msg, a)
		h.ack(sess, msg, a) // a second ack does nothing
	}
	return nil
}

func (onceHandler) ack(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage, a *onceAck) {
	a.once.Do(func() {
		sess.MarkMessage(m, "")
		close(a.acked)
	})
}

// Its twin: the same Do started in a goroutine, which the handler does not
// wait for: the mark may come after ConsumeClaim returns.
type onceLater struct{}

func (onceLater) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (onceLater) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h onceLater) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.ack(sess, msg, &onceAck{acked: make(chan struct{})})
	}
	return nil
}

func (onceLater) ack(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage, a *onceAck) {
	go a.once.Do(func() { // want `callback handed on by onceLater.ack, which onceLater.ConsumeClaim runs, marks offsets and may run after ConsumeClaim returns`
		sess.MarkMessage(m, "")
		close(a.acked)
	})
}
