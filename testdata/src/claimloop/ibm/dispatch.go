package ibm

import (
	"github.com/IBM/sarama"
)

// A tracing wrapper in otelsarama's structure: the wrapper's ConsumeClaim
// starts a dispatcher per claim that ranges over the real claim, kept behind
// an interface of the package, and hands each message to the wrapped handler
// on an unbuffered channel, which the wrapped handler gets as its claim's
// Messages(). A wrapped handler that returns on the session's context while
// the dispatcher holds a message leaves it blocked on the send.
type messagesDispatcher interface {
	Messages() <-chan *sarama.ConsumerMessage
}

type dispatcherWrapper struct {
	d        messagesDispatcher
	messages chan *sarama.ConsumerMessage
}

func newDispatcherWrapper(d messagesDispatcher) *dispatcherWrapper {
	return &dispatcherWrapper{d: d, messages: make(chan *sarama.ConsumerMessage)}
}

func (w *dispatcherWrapper) Messages() <-chan *sarama.ConsumerMessage {
	return w.messages
}

func (w *dispatcherWrapper) Run() {
	msgs := w.d.Messages()
	for msg := range msgs {
		startSpan(msg)
		w.messages <- msg // want `send on w.messages in \(\*dispatcherWrapper\).Run, a goroutine tracingHandler.ConsumeClaim starts for each claim, blocks for good when the handler reading \(\*dispatcherWrapper\).Messages\(\) returns on the session's Context\(\).Done\(\) before it takes the message, select on the session's Context\(\).Done\(\) as well, or on a channel closed when the wrapped ConsumeClaim returns \(sarama does not stop a goroutine a handler starts: one is left blocked, with its message, per claim at every rebalance\)`
	}
	close(w.messages)
}

func startSpan(*sarama.ConsumerMessage) {}

type wrappedClaim struct {
	sarama.ConsumerGroupClaim
	dispatcher messagesDispatcher
}

func (c *wrappedClaim) Messages() <-chan *sarama.ConsumerMessage {
	return c.dispatcher.Messages()
}

type tracingHandler struct {
	sarama.ConsumerGroupHandler
}

func (h tracingHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	dispatcher := newDispatcherWrapper(claim)
	go dispatcher.Run()
	claim = &wrappedClaim{ConsumerGroupClaim: claim, dispatcher: dispatcher}
	return h.ConsumerGroupHandler.ConsumeClaim(session, claim)
}

// dd-trace-go's shape: one dispatcher type serves the group-less partition
// consumer's wrapper too; the send is reported once, for the claim.
type partitionConsumerWrapper struct {
	sarama.PartitionConsumer
	dispatcher messagesDispatcher
}

func (pc *partitionConsumerWrapper) Messages() <-chan *sarama.ConsumerMessage {
	return pc.dispatcher.Messages()
}

func wrapPartitionConsumer(pc sarama.PartitionConsumer) sarama.PartitionConsumer {
	d := newDispatcherWrapper(pc)
	go d.Run()
	return &partitionConsumerWrapper{PartitionConsumer: pc, dispatcher: d}
}

// The same dispatcher as a function literal that ConsumeClaim starts.
type litDispatcher struct {
	sarama.ConsumerGroupHandler
	out chan *sarama.ConsumerMessage
}

func (h *litDispatcher) Messages() <-chan *sarama.ConsumerMessage { return h.out }

func (h *litDispatcher) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	h.out = make(chan *sarama.ConsumerMessage)
	go func() {
		for msg := range claim.Messages() {
			h.out <- msg // want `send on h.out in a goroutine \(\*litDispatcher\).ConsumeClaim starts for each claim, blocks for good when the handler reading \(\*litDispatcher\).Messages\(\) returns`
		}
		close(h.out)
	}()
	return h.ConsumerGroupHandler.ConsumeClaim(session, &wrappedClaim{ConsumerGroupClaim: claim, dispatcher: h})
}

// Silent twin, the fix: the send also returns when the session ends.
type watchedDispatcher struct {
	claim    sarama.ConsumerGroupClaim
	session  sarama.ConsumerGroupSession
	messages chan *sarama.ConsumerMessage
}

func (w *watchedDispatcher) Messages() <-chan *sarama.ConsumerMessage { return w.messages }

func (w *watchedDispatcher) run() {
	defer close(w.messages)
	for msg := range w.claim.Messages() {
		select {
		case w.messages <- msg:
		case <-w.session.Context().Done():
			return
		}
	}
}

type watchedHandler struct{ sarama.ConsumerGroupHandler }

func (h watchedHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	w := &watchedDispatcher{claim: claim, session: session, messages: make(chan *sarama.ConsumerMessage)}
	go w.run()
	return h.ConsumerGroupHandler.ConsumeClaim(session, &wrappedClaim{ConsumerGroupClaim: claim, dispatcher: w})
}

// Silent twin: ConsumeClaim itself reads the dispatcher's channel to its
// end (no Messages() method gives it out), so the send is always taken.
type ownReader struct{}

func (ownReader) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ownReader) Cleanup(sarama.ConsumerGroupSession) error { return nil }

type pipe struct{ ch chan *sarama.ConsumerMessage }

func (p *pipe) feed(claim sarama.ConsumerGroupClaim) {
	defer close(p.ch)
	for msg := range claim.Messages() {
		p.ch <- msg
	}
}

func (ownReader) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	p := &pipe{ch: make(chan *sarama.ConsumerMessage)}
	go p.feed(claim)
	for msg := range p.ch {
		session.MarkMessage(msg, "")
	}
	return nil
}

// Silent twin: a buffered channel (not proven: a send blocks only once the
// buffer is full).
type bufferedDispatcher struct {
	claim    sarama.ConsumerGroupClaim
	messages chan *sarama.ConsumerMessage
}

func (w *bufferedDispatcher) Messages() <-chan *sarama.ConsumerMessage { return w.messages }

func (w *bufferedDispatcher) run() {
	for msg := range w.claim.Messages() {
		w.messages <- msg
	}
	close(w.messages)
}

type bufferedHandler struct{ sarama.ConsumerGroupHandler }

func (h bufferedHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	w := &bufferedDispatcher{claim: claim, messages: make(chan *sarama.ConsumerMessage, 256)}
	go w.run()
	return h.ConsumerGroupHandler.ConsumeClaim(session, &wrappedClaim{ConsumerGroupClaim: claim, dispatcher: w})
}

// Silent twin: the goroutine ranges over a channel of the program's own,
// not over the claim.
type relay struct {
	in, out chan *sarama.ConsumerMessage
}

func (r *relay) Messages() <-chan *sarama.ConsumerMessage { return r.out }

func (r *relay) run() {
	for msg := range r.in {
		r.out <- msg
	}
}

type relayHandler struct{ sarama.ConsumerGroupHandler }

func (h relayHandler) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	r := &relay{in: make(chan *sarama.ConsumerMessage), out: make(chan *sarama.ConsumerMessage)}
	go r.run()
	return h.ConsumerGroupHandler.ConsumeClaim(session, &wrappedClaim{ConsumerGroupClaim: claim, dispatcher: r})
}
