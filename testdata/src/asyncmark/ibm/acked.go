package ibm

import (
	"context"
	"sync"

	"github.com/IBM/sarama"
)

// A pub/sub library's subscriber in watermill-kafka's structure: for each
// message, processMessage hands a message with acked and nacked channels to
// the application, then waits for the application's Ack (which closes the
// acked channel) and marks in ConsumeClaim's own call, before the next
// message. Nothing marks after ConsumeClaim returns: silent.
type pubsubMessage struct {
	payload []byte
	ctx     context.Context
	acked   chan struct{}
	nacked  chan struct{}
	once    sync.Once
}

func newPubsubMessage(ctx context.Context, payload []byte) *pubsubMessage {
	return &pubsubMessage{payload: payload, ctx: ctx, acked: make(chan struct{}), nacked: make(chan struct{})}
}

func (m *pubsubMessage) Ack()                    { m.once.Do(func() { close(m.acked) }) }
func (m *pubsubMessage) Nack()                   { m.once.Do(func() { close(m.nacked) }) }
func (m *pubsubMessage) Acked() <-chan struct{}  { return m.acked }
func (m *pubsubMessage) Nacked() <-chan struct{} { return m.nacked }

type subscriberHandler struct {
	output  chan<- *pubsubMessage
	closing chan struct{}
}

func (subscriberHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (subscriberHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h subscriberHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		if err := h.processMessage(sess, kafkaMsg); err != nil {
			return err
		}
		select {
		case <-h.closing:
			return nil
		case <-sess.Context().Done():
			return nil
		default:
		}
	}
	return nil
}

func (h subscriberHandler) processMessage(sess sarama.ConsumerGroupSession, kafkaMsg *sarama.ConsumerMessage) error {
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	msg := newPubsubMessage(ctx, kafkaMsg.Value)
resend:
	for {
		select {
		case h.output <- msg:
		case <-h.closing:
			return nil
		case <-ctx.Done():
			return nil
		}
		select {
		case <-msg.Acked():
			if sess.Context().Err() == nil {
				sess.MarkMessage(kafkaMsg, "")
			}
			break resend
		case <-msg.Nacked():
			msg = newPubsubMessage(ctx, kafkaMsg.Value)
			continue resend
		case <-h.closing:
			return nil
		case <-ctx.Done():
			return nil // the session ended: the message is delivered again
		}
	}
	return nil
}

// The same library with the mark in the message's ack callback, which then
// closes the acked channel; processMessage waits for that channel (or the
// session's end, when the mark would be dropped anyway) before the next
// message, so the mark comes before ConsumeClaim returns: silent.
type ackFuncMessage struct {
	payload []byte
	ack     func()
}

type ackFuncSubscriber struct {
	output chan<- ackFuncMessage
}

func (ackFuncSubscriber) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackFuncSubscriber) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s ackFuncSubscriber) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		if !s.processMessage(sess, kafkaMsg) {
			return nil
		}
	}
	return nil
}

func (s ackFuncSubscriber) processMessage(sess sarama.ConsumerGroupSession, kafkaMsg *sarama.ConsumerMessage) bool {
	acked := make(chan struct{})
	msg := ackFuncMessage{payload: kafkaMsg.Value, ack: func() {
		sess.MarkMessage(kafkaMsg, "")
		close(acked)
	}}
	select {
	case s.output <- msg:
	case <-sess.Context().Done():
		return false
	}
	select {
	case <-acked:
		return true
	case <-sess.Context().Done():
		return false
	}
}

// A goroutine that marks and then signals done, received from before the
// next message: silent.
type signalled struct{}

func (signalled) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (signalled) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (signalled) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		done := make(chan error, 1)
		go func() {
			err := process(msg)
			if err == nil {
				sess.MarkMessage(msg, "")
			}
			done <- err
		}()
		if err := <-done; err != nil {
			return err
		}
	}
	return nil
}

// The ack callback closes the acked channel, but ConsumeClaim hands the
// message over and goes on to the next without receiving from it: reported.
type ackNotAwaited struct {
	output chan<- ackFuncMessage
}

func (ackNotAwaited) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackNotAwaited) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s ackNotAwaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		acked := make(chan struct{})
		msg := ackFuncMessage{payload: kafkaMsg.Value, ack: func() { // want `callback handed on by ackNotAwaited.ConsumeClaim marks offsets and may run after ConsumeClaim returns, mark before returning or wait for it in Cleanup \(a mark made after the session released the partition is dropped: the message is delivered again\)`
			sess.MarkMessage(kafkaMsg, "")
			close(acked)
		}}
		select {
		case s.output <- msg:
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// The callback signals before it marks: the receive lets ConsumeClaim go on
// (and return) before the mark: reported.
type ackBeforeMark struct {
	output chan<- ackFuncMessage
}

func (ackBeforeMark) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackBeforeMark) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s ackBeforeMark) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		acked := make(chan struct{})
		msg := ackFuncMessage{payload: kafkaMsg.Value, ack: func() { // want `callback handed on by ackBeforeMark.ConsumeClaim marks offsets and may run after ConsumeClaim returns, mark before returning or wait for it in Cleanup \(a mark made after the session released the partition is dropped: the message is delivered again\)`
			close(acked)
			sess.MarkMessage(kafkaMsg, "")
		}}
		s.output <- msg
		select {
		case <-acked:
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// The receive is in a select with a default: it does not wait: reported.
type ackPolled struct {
	output chan<- ackFuncMessage
}

func (ackPolled) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ackPolled) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s ackPolled) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		acked := make(chan struct{})
		msg := ackFuncMessage{payload: kafkaMsg.Value, ack: func() { // want `callback handed on by ackPolled.ConsumeClaim marks offsets and may run after ConsumeClaim returns, mark before returning or wait for it in Cleanup \(a mark made after the session released the partition is dropped: the message is delivered again\)`
			sess.MarkMessage(kafkaMsg, "")
			close(acked)
		}}
		s.output <- msg
		select {
		case <-acked:
		default:
		}
	}
	return nil
}
