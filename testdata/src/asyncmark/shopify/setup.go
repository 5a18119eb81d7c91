package shopify

import (
	"sync"

	"github.com/Shopify/sarama"
)

// A marker goroutine started in Setup, fed by ConsumeClaim: the shape of
// handlers that process on a worker and ack from one place. Cleanup does not
// wait for it, and its last marks land after the session released the
// partitions.
type acker struct {
	done chan *sarama.ConsumerMessage
}

func (a *acker) Setup(sess sarama.ConsumerGroupSession) error {
	a.done = make(chan *sarama.ConsumerMessage, 64)
	go a.ackLoop(sess) // want `goroutine started in \(\*acker\).Setup marks offsets and Cleanup does not wait for it, wait for it in Cleanup \(it outlives ConsumeClaim: a mark made after the session released the partition is dropped, and the message is delivered again\)`
	return nil
}

func (a *acker) Cleanup(sarama.ConsumerGroupSession) error {
	close(a.done)
	return nil
}

func (a *acker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if process(msg) == nil {
			a.done <- msg
		}
	}
	return nil
}

func (a *acker) ackLoop(sess sarama.ConsumerGroupSession) {
	for msg := range a.done {
		ack(sess, msg)
	}
}

func ack(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "")
}

// Its twin: Cleanup waits for the goroutine to drain the channel.
type ackerWaited struct {
	done chan *sarama.ConsumerMessage
	wg   sync.WaitGroup
}

func (a *ackerWaited) Setup(sess sarama.ConsumerGroupSession) error {
	a.done = make(chan *sarama.ConsumerMessage, 64)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		for msg := range a.done {
			ack(sess, msg)
		}
	}()
	return nil
}

func (a *ackerWaited) Cleanup(sarama.ConsumerGroupSession) error {
	close(a.done)
	a.wg.Wait()
	return nil
}

func (a *ackerWaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.done <- msg
	}
	return nil
}

// A goroutine per message started by the helper ConsumeClaim runs
// (return h.consume(sess, claim)), not waited for.
type spawning struct{}

func (spawning) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spawning) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s spawning) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return s.consume(sess, claim)
}

func (s spawning) consume(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go s.handle(sess, msg) // want `goroutine started in spawning.consume, which spawning.ConsumeClaim runs, marks offsets and ConsumeClaim does not wait for it, wait before returning or in Cleanup`
	}
	return nil
}

func (s spawning) handle(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	if process(msg) == nil {
		ack(sess, msg)
	}
}

// Its twin: the helper waits for its goroutines.
type spawningWaited struct{}

func (spawningWaited) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spawningWaited) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s spawningWaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return s.consume(sess, claim)
}

func (s spawningWaited) consume(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var wg sync.WaitGroup
	for msg := range claim.Messages() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ack(sess, msg)
		}()
	}
	wg.Wait()
	return nil
}

// An ack callback attached to a job by the helper ConsumeClaim runs, handed
// to workers over a channel.
type job struct {
	msg *sarama.ConsumerMessage
	ack func()
}

type dispatcher struct{ jobs chan job }

func (dispatcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (dispatcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (d dispatcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		d.dispatch(sess, msg)
	}
	return nil
}

func (d dispatcher) dispatch(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	d.jobs <- job{msg: msg, ack: func() { // want `callback handed on by dispatcher.dispatch, which dispatcher.ConsumeClaim runs, marks offsets and may run after ConsumeClaim returns, mark before returning or wait for it in Cleanup`
		ack(sess, msg)
	}}
}

// Its twin: Cleanup waits for the workers.
type dispatcherWaited struct {
	jobs chan job
	wg   *sync.WaitGroup
}

func (dispatcherWaited) Setup(sarama.ConsumerGroupSession) error { return nil }
func (d dispatcherWaited) Cleanup(sarama.ConsumerGroupSession) error {
	d.wg.Wait()
	return nil
}

func (d dispatcherWaited) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		d.dispatch(sess, msg)
	}
	return nil
}

func (d dispatcherWaited) dispatch(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	d.wg.Add(1)
	d.jobs <- job{msg: msg, ack: func() {
		defer d.wg.Done()
		ack(sess, msg)
	}}
}
