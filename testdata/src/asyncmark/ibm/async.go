package ibm

import (
	"sync"

	"github.com/IBM/sarama"
)

func process(*sarama.ConsumerMessage) error { return nil }

// A goroutine per message, not waited for.
type perMessage struct{}

func (perMessage) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (perMessage) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (perMessage) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func(m *sarama.ConsumerMessage) { // want `goroutine started in perMessage.ConsumeClaim marks offsets and ConsumeClaim does not wait for it, wait before returning or in Cleanup \(a mark made after the session released the partition is dropped: the message is delivered again\)`
			if process(m) == nil {
				sess.MarkMessage(m, "")
			}
		}(msg)
	}
	return nil
}

// Its twin: the goroutines are waited for before returning.
type waited struct{}

func (waited) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (waited) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (waited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var wg sync.WaitGroup
	defer wg.Wait()
	for msg := range claim.Messages() {
		wg.Add(1)
		go func(m *sarama.ConsumerMessage) {
			defer wg.Done()
			if process(m) == nil {
				sess.MarkMessage(m, "")
			}
		}(msg)
	}
	return nil
}

// A method of the handler started as a goroutine, waited for in Cleanup:
// silent.
type pool struct {
	wg sync.WaitGroup
}

func (*pool) Setup(sarama.ConsumerGroupSession) error { return nil }
func (p *pool) Cleanup(sarama.ConsumerGroupSession) error {
	p.wg.Wait()
	return nil
}

func (p *pool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	p.wg.Add(1)
	go p.work(sess, claim.Messages())
	return nil
}

func (p *pool) work(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage) {
	defer p.wg.Done()
	for m := range msgs {
		sess.MarkMessage(m, "")
	}
}

// The same without the Cleanup: reported.
type leaky struct{}

func (leaky) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (leaky) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (l leaky) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go markAll(sess, claim.Messages()) // want `goroutine started in leaky.ConsumeClaim marks offsets and ConsumeClaim does not wait for it`
	return nil
}

func markAll(sess sarama.ConsumerGroupSession, msgs <-chan *sarama.ConsumerMessage) {
	for m := range msgs {
		sess.MarkOffset(m.Topic, m.Partition, m.Offset+1, "")
	}
}

// A goroutine that does not mark: silent.
type notifier struct{ seen chan int64 }

func (notifier) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (notifier) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (n notifier) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func(off int64) { n.seen <- off }(msg.Offset)
		sess.MarkMessage(msg, "")
	}
	return nil
}
