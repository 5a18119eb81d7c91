package ibm

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/IBM/sarama"
)

// The claim loop on a goroutine that ConsumeClaim starts and then waits for:
// the loop blocks on the output channel and nothing watches the session, so
// the wait does not end when the rebalance asks ConsumeClaim to return.
type goLoop struct{ out chan *sarama.ConsumerMessage }

func (*goLoop) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*goLoop) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *goLoop) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for msg := range claim.Messages() { // want `loop over claim.Messages\(\) in a goroutine of \(\*goLoop\).ConsumeClaim, which waits after starting it, blocks and never watches sess.Context\(\).Done\(\), select on it and return when it is done \(a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed\)`
			h.out <- msg
			sess.MarkMessage(msg, "")
		}
	}()
	<-done
	return nil
}

// Its twin selects on the session's context in the goroutine.
type goLoopCtx struct{ out chan *sarama.ConsumerMessage }

func (*goLoopCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*goLoopCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *goLoopCtx) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for msg := range claim.Messages() {
			select {
			case h.out <- msg:
			case <-sess.Context().Done():
				return
			}
			sess.MarkMessage(msg, "")
		}
	}()
	<-done
	return nil
}

// A WaitGroup and a sleep on a flag: the same.
type goLoopFlag struct {
	out     chan *sarama.ConsumerMessage
	stopped atomic.Bool
}

func (*goLoopFlag) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*goLoopFlag) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *goLoopFlag) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for { // want `loop over claim.Messages\(\) in a goroutine of \(\*goLoopFlag\).ConsumeClaim, which waits after starting it, blocks and never watches sess.Context\(\).Done\(\)`
			msg, ok := <-claim.Messages()
			if !ok {
				h.stopped.Store(true)
				return
			}
			h.out <- msg
			sess.MarkMessage(msg, "")
		}
	}()
	for !h.stopped.Load() {
		time.Sleep(100 * time.Millisecond)
	}
	wg.Wait()
	return nil
}

// Silent: the goroutine's loop does not block, so it ends when the claim's
// channel is closed and the wait ends with it.
type goLoopFast struct{ count atomic.Int64 }

func (*goLoopFast) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*goLoopFast) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *goLoopFast) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for msg := range claim.Messages() {
			h.count.Add(1)
			sess.MarkMessage(msg, "")
		}
	}()
	<-done
	return nil
}

// Silent here: ConsumeClaim does not wait for the goroutine (what it marks
// after the session is asyncmark's question).
type goLoopNoWait struct{ out chan *sarama.ConsumerMessage }

func (*goLoopNoWait) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*goLoopNoWait) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *goLoopNoWait) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go func() {
		for msg := range claim.Messages() {
			h.out <- msg
		}
	}()
	return nil
}
