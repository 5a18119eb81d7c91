package ibm

import (
	"sync"

	"github.com/IBM/sarama"

	"asyncmark/xpkg/ibm/acklib"
)

// The shared library's ack loop started in Setup, not waited for in Cleanup.
type acker struct{ done chan *sarama.ConsumerMessage }

func (a *acker) Setup(sess sarama.ConsumerGroupSession) error {
	a.done = make(chan *sarama.ConsumerMessage)
	go acklib.AckLoop(sess, a.done) // want `goroutine started in \(\*acker\).Setup marks offsets and Cleanup does not wait for it, wait for it in Cleanup`
	return nil
}

func (a *acker) Cleanup(sarama.ConsumerGroupSession) error {
	close(a.done)
	return nil
}

func (a *acker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.done <- msg
	}
	return nil
}

// Its twin: Cleanup waits for the loop to end.
type ackerWaited struct {
	done chan *sarama.ConsumerMessage
	wg   sync.WaitGroup
}

func (a *ackerWaited) Setup(sess sarama.ConsumerGroupSession) error {
	a.done = make(chan *sarama.ConsumerMessage)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		acklib.AckLoop(sess, a.done)
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

// A goroutine per message that acks through the library, not waited for.
type perMessage struct{}

func (perMessage) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (perMessage) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (perMessage) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func(m *sarama.ConsumerMessage) { // want `goroutine started in perMessage.ConsumeClaim marks offsets and ConsumeClaim does not wait for it`
			acklib.Ack(sess, m)
		}(msg)
	}
	return nil
}

// Its twin: the goroutine only logs through the library.
type perMessageLog struct{}

func (perMessageLog) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (perMessageLog) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (perMessageLog) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go acklib.Log(sess, msg)
		sess.MarkMessage(msg, "")
	}
	return nil
}
