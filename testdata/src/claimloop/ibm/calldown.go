package ibm

import (
	"context"
	"errors"
	"time"

	"github.com/IBM/sarama"
)

// Loops that hand each message (and the session) to a function of the
// package that blocks: the report is at the loop, the related position at
// the callee's blocking operation.

// wmMessage is watermill's message.Message: the application acks or nacks
// it on its own goroutine.
type wmMessage struct {
	acked, nacked chan struct{}
}

func (m *wmMessage) Acked() <-chan struct{}  { return m.acked }
func (m *wmMessage) Nacked() <-chan struct{} { return m.nacked }

// wmHandler is watermill-kafka's consumerGroupHandler (v1.0.1 to v3.0.0):
// the loop checks only the subscriber's own closing channel and context
// between messages.
type wmHandler struct {
	ctx            context.Context
	messageHandler wmMessageHandler
	closing        chan struct{}
}

func (wmHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (wmHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h wmHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() { // want `loop over claim.Messages\(\) in wmHandler.ConsumeClaim blocks and never watches sess.Context\(\).Done\(\), select on it and return when it is done`
		if err := h.messageHandler.processMessage(h.ctx, kafkaMsg, sess); err != nil {
			return err
		}
		select {
		case <-h.closing:
			return nil
		case <-h.ctx.Done():
			return nil
		default:
			continue
		}
	}
	return nil
}

type wmMessageHandler struct {
	outputChannel   chan<- *wmMessage
	nackResendSleep time.Duration
	closing         chan struct{}
}

// processMessage waits for the application twice, on the output channel and
// on the ack, with only the subscriber's ways out.
func (h wmMessageHandler) processMessage(ctx context.Context, kafkaMsg *sarama.ConsumerMessage, sess sarama.ConsumerGroupSession) error {
	msg := &wmMessage{acked: make(chan struct{}), nacked: make(chan struct{})}
ResendLoop:
	for {
		select {
		case h.outputChannel <- msg:
		case <-h.closing:
			return nil
		case <-ctx.Done():
			return nil
		}

		select {
		case <-msg.Acked():
			if sess != nil {
				sess.MarkMessage(kafkaMsg, "")
			}
			break ResendLoop
		case <-msg.Nacked():
			msg = &wmMessage{acked: make(chan struct{}), nacked: make(chan struct{})}
			time.Sleep(h.nackResendSleep)
			continue ResendLoop
		case <-h.closing:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// Its twin: the callee also selects on the session's end.
type wmHandlerCtx struct {
	ctx            context.Context
	messageHandler wmMessageHandlerCtx
}

func (wmHandlerCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (wmHandlerCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h wmHandlerCtx) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		if err := h.messageHandler.processMessage(h.ctx, kafkaMsg, sess); err != nil {
			return err
		}
	}
	return nil
}

type wmMessageHandlerCtx struct {
	outputChannel chan<- *wmMessage
}

func (h wmMessageHandlerCtx) processMessage(ctx context.Context, kafkaMsg *sarama.ConsumerMessage, sess sarama.ConsumerGroupSession) error {
	msg := &wmMessage{acked: make(chan struct{}), nacked: make(chan struct{})}
	select {
	case h.outputChannel <- msg:
	case <-ctx.Done():
		return nil
	case <-sess.Context().Done():
		return nil
	}
	select {
	case <-msg.Acked():
		sess.MarkMessage(kafkaMsg, "")
	case <-msg.Nacked():
	case <-sess.Context().Done():
	}
	return nil
}

// watermill-kafka v3.0.6's shape: the loop checks the session's context
// between messages (the callee still blocks until the application acks,
// silent by design: the loop watches the session).
type wmHandlerV306 struct {
	ctx            context.Context
	messageHandler wmMessageHandler
}

func (wmHandlerV306) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (wmHandlerV306) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h wmHandlerV306) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for kafkaMsg := range claim.Messages() {
		if err := h.messageHandler.processMessage(h.ctx, kafkaMsg, sess); err != nil {
			return err
		}
		select {
		case <-sess.Context().Done():
			return nil
		default:
		}
	}
	return nil
}

// dpMessage is dp-kafka v2's SaramaMessage: the session is stored in an
// unexported field that only marks and commits.
type dpMessage struct {
	message      *sarama.ConsumerMessage
	session      sarama.ConsumerGroupSession
	upstreamDone chan struct{}
}

func (m dpMessage) Commit() {
	m.session.MarkMessage(m.message, "metadata")
	m.session.Commit()
}

func (m dpMessage) Release() { close(m.upstreamDone) }

// dpHandler is dp-kafka v2.8.0's saramaCgHandler.
type dpHandler struct {
	upstream chan dpMessage
	closer   chan struct{}
}

func (*dpHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*dpHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (sh *dpHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for { // want `loop over claim.Messages\(\) in \(\*dpHandler\).ConsumeClaim blocks and never watches session.Context\(\).Done\(\)`
		select {
		case message, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := sh.consumeMessage(dpMessage{message, session, make(chan struct{})}); err != nil {
				return err
			}
		case <-sh.closer:
			return nil
		}
	}
}

// consumeMessage sends the message upstream and waits for the application
// to release it.
func (sh *dpHandler) consumeMessage(msg dpMessage) error {
	select {
	case sh.upstream <- msg:
		<-msg.upstreamDone
		return nil
	case <-sh.closer:
		return errors.New("message not consumed because closer channel is closed")
	}
}

// Its twin, dp-kafka v3's shape: the loop selects on the session's end.
type dpHandlerCtx struct {
	upstream chan dpMessage
	closer   chan struct{}
}

func (*dpHandlerCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*dpHandlerCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (sh *dpHandlerCtx) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case message, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := sh.consumeMessage(dpMessage{message: message, session: session, upstreamDone: make(chan struct{})}); err != nil {
				return err
			}
		case <-sh.closer:
			return nil
		case <-session.Context().Done():
			return nil
		}
	}
}

func (sh *dpHandlerCtx) consumeMessage(msg dpMessage) error {
	select {
	case sh.upstream <- msg:
		<-msg.upstreamDone
		return nil
	case <-sh.closer:
		return nil
	}
}

// A message type whose session field the package reads to watch the
// session: storing the session there may watch it, silent.
type ctxMessage struct {
	message *sarama.ConsumerMessage
	session sarama.ConsumerGroupSession
}

func (m ctxMessage) Done() <-chan struct{} { return m.session.Context().Done() }

type ctxMessageHandler struct {
	upstream chan ctxMessage
}

func (*ctxMessageHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*ctxMessageHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (sh *ctxMessageHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for message := range claim.Messages() {
		sh.forward(ctxMessage{message: message, session: session})
	}
	return nil
}

func (sh *ctxMessageHandler) forward(msg ctxMessage) {
	select {
	case sh.upstream <- msg:
	case <-msg.Done():
	}
}

// A callee three calls down blocks: reported.
type threeDown struct {
	out chan *sarama.ConsumerMessage
}

func (*threeDown) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*threeDown) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *threeDown) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() { // want `loop over claim.Messages\(\) in \(\*threeDown\).ConsumeClaim blocks`
		h.one(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

func (h *threeDown) one(msg *sarama.ConsumerMessage)   { h.two(msg) }
func (h *threeDown) two(msg *sarama.ConsumerMessage)   { h.three(msg) }
func (h *threeDown) three(msg *sarama.ConsumerMessage) { h.out <- msg }

// Its twin: the send is four calls down, past the bound (a miss by design:
// the bound keeps the look-up cheap).
type fourDown struct {
	out chan *sarama.ConsumerMessage
}

func (*fourDown) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*fourDown) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *fourDown) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.one(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

func (h *fourDown) one(msg *sarama.ConsumerMessage)   { h.two(msg) }
func (h *fourDown) two(msg *sarama.ConsumerMessage)   { h.three(msg) }
func (h *fourDown) three(msg *sarama.ConsumerMessage) { h.four(msg) }
func (h *fourDown) four(msg *sarama.ConsumerMessage)  { h.out <- msg }

// A callee that blocks in a goroutine of its own: the loop goes on, silent.
type goDown struct {
	out chan *sarama.ConsumerMessage
}

func (*goDown) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*goDown) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *goDown) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go h.send(msg)
		h.note(msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}

func (h *goDown) send(msg *sarama.ConsumerMessage) { h.out <- msg }
func (h *goDown) note(msg *sarama.ConsumerMessage) { go func() { h.out <- msg }() }
