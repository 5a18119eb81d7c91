package ibm

import (
	"context"
	"log"
	"os"

	"github.com/IBM/sarama"
)

// A CLI's group consumer whose handler takes the claim's closed channel for
// the end of consumption: it cancels the context the Consume loop runs under,
// and the consumer stops at the first rebalance.
type stopHandler struct {
	cancel context.CancelFunc
}

func (*stopHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*stopHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *stopHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				log.Println("no more messages")
				h.cancel() // want `calling the cancel func h.cancel on a closed claim.Messages\(\) channel in \(\*stopHandler\).ConsumeClaim stops the consumer, return nil instead \(a claim's channel is closed at every rebalance of an eager strategy while the group goes on: the consumer stops at the first rebalance\)`
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

func runStopHandler(g sarama.ConsumerGroup, topics []string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h := &stopHandler{cancel: cancel}
	for ctx.Err() == nil {
		if err := g.Consume(ctx, topics, h); err != nil {
			log.Print(err)
		}
	}
}

// Its twin returns nil: Consume returns, and the loop calls it again.
type returnHandler struct {
	cancel context.CancelFunc
}

func (*returnHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*returnHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *returnHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if string(msg.Value) == "quit" {
				h.cancel() // a stop the application asks for
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// A cancel func captured by the handler from the function that runs the
// consumer (a handler adapter's literal), and log.Fatal: both stop it.
type claimFunc func(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error

func (claimFunc) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (claimFunc) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (f claimFunc) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	return f(s, c)
}

func runCaptured(g sarama.ConsumerGroup, topics []string) {
	ctx, cancel := context.WithCancel(context.Background())
	h := claimFunc(func(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
		for {
			m, ok := <-c.Messages()
			if !ok {
				cancel() // want `calling the cancel func cancel on a closed c.Messages\(\) channel in a function literal stops the consumer, return nil instead`
				return nil
			}
			s.MarkMessage(m, "")
		}
	})
	for ctx.Err() == nil {
		_ = g.Consume(ctx, topics, h)
	}
}

type fatalHandler struct{}

func (fatalHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (fatalHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (fatalHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		msg := <-claim.Messages()
		if msg == nil {
			log.Fatalf("claim %s/%d closed", claim.Topic(), claim.Partition()) // want `log.Fatalf on a closed claim.Messages\(\) channel in fatalHandler.ConsumeClaim ends the process, return nil instead`
		}
		sess.MarkMessage(msg, "")
	}
}

// Closing the group: the same.
type closeHandler struct {
	group sarama.ConsumerGroup
}

func (*closeHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*closeHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *closeHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				_ = h.group.Close // not a call
				h.group.Close() // want `closing the consumer group on a closed claim.Messages\(\) channel in \(\*closeHandler\).ConsumeClaim stops the consumer, return nil instead`
				return nil
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// Silent: a cancel func of the claim's own context, made in ConsumeClaim
// and called when the claim ends, ends only what the claim started.
type claimCtxHandler struct{}

func (claimCtxHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (claimCtxHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (claimCtxHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	ctx, cancel := context.WithCancel(sess.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
	}()
	for {
		msg, ok := <-claim.Messages()
		if !ok {
			cancel()
			<-done
			return nil
		}
		sess.MarkMessage(msg, "")
	}
}

// Silent: a per-session cancel func that Setup stores in a field.
type sessionCtxHandler struct {
	cancel context.CancelFunc
}

func (h *sessionCtxHandler) Setup(sess sarama.ConsumerGroupSession) error {
	_, h.cancel = context.WithCancel(sess.Context())
	return nil
}
func (*sessionCtxHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *sessionCtxHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		msg, ok := <-claim.Messages()
		if !ok {
			h.cancel()
			return nil
		}
		sess.MarkMessage(msg, "")
	}
}

// Silent: the stop under a condition (not reported, doc.go), and os.Exit
// outside the closed branch.
type condHandler struct {
	ctx    context.Context
	cancel context.CancelFunc
}

func (*condHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*condHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *condHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		msg, ok := <-claim.Messages()
		if !ok {
			if h.ctx.Err() != nil {
				h.cancel()
			}
			return nil
		}
		if msg.Offset < 0 {
			os.Exit(1)
		}
		sess.MarkMessage(msg, "")
	}
}
