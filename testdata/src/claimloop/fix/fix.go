package fix

import (
	"sync"

	"github.com/IBM/sarama"
)

type handler struct {
	out chan<- *sarama.ConsumerMessage
}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg := <-claim.Messages(): // want `receive from claim.Messages\(\) in handler.ConsumeClaim does not check for a closed channel`
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

func pump(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, out chan<- *sarama.ConsumerMessage) {
	for sess.Context().Err() == nil {
		msg := <-claim.Messages() // want `receive from claim.Messages\(\) in pump does not check for a closed channel`
		out <- msg
	}
}

type skipper struct{}

func (skipper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (skipper) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (skipper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg := <-claim.Messages():
			if msg == nil {
				continue // want `continue on a closed claim.Messages\(\) channel in skipper.ConsumeClaim receives from it again`
			}
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// batcher handles each message under a lock: the fix adds the missing check
// before the if, and keeps the body and the Unlock after it.
type batcher struct {
	mu    sync.Mutex
	batch []*sarama.ConsumerMessage
}

func (*batcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*batcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (b *batcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		msg := <-claim.Messages()
		b.mu.Lock()
		if msg != nil { // want `an if with no else on a closed claim.Messages\(\) channel in \(\*batcher\).ConsumeClaim receives from it again`
			b.batch = append(b.batch, msg)
			sess.MarkMessage(msg, "")
		}
		b.mu.Unlock()
	}
}

type okBatcher struct{ batcher }

func (o *okBatcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		msg, ok := <-claim.Messages()
		if ok { // want `an if with no else on a closed claim.Messages\(\) channel in \(\*okBatcher\).ConsumeClaim receives from it again`
			o.batch = append(o.batch, msg)
		}
	}
}

// A partition consumer's goroutine: the same fix, the goroutine returns.
func partitions(pc sarama.PartitionConsumer, done <-chan struct{}, handle func(*sarama.ConsumerMessage)) {
	go func() {
		for {
			select {
			case <-done:
				return
			case msg := <-pc.Messages(): // want `receive from pc.Messages\(\) in a function literal does not check for a closed channel, use the comma-ok form and return when !ok \(a PartitionConsumer's channel is closed`
				handle(msg)
			}
		}
	}()
}

// A partition consumer's check that only leaves the select: the same fix as
// the claim's, the function returns.
func partitionBreak(pc sarama.PartitionConsumer, done <-chan struct{}, handle func(*sarama.ConsumerMessage)) {
	for {
		select {
		case <-done:
			return
		case msg, ok := <-pc.Messages():
			if !ok {
				break // want `break out of the select on a closed pc.Messages\(\) channel in partitionBreak receives from it again, return instead \(a PartitionConsumer's closed channel`
			}
			handle(msg)
		}
	}
}
