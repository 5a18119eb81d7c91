package ibm

import (
	"github.com/IBM/sarama"

	"claimloop/xpkg/ibm/kafkalib"
)

// ConsumeClaim runs the shared library's loop, which blocks and never
// watches the session.
type orders struct {
	work    chan *sarama.ConsumerMessage
	results chan error
}

func (*orders) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*orders) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (o *orders) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return kafkalib.Consume(sess, claim, o.work, o.results) // want `loop over claim in kafkalib.Consume, which \(\*orders\).ConsumeClaim runs, blocks and never watches sess.Context\(\).Done\(\), select on it and return when it is done \(a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed\)`
}

// Silent twin: the library's loop that watches the session.
type ordersCtx struct{ work chan *sarama.ConsumerMessage }

func (*ordersCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*ordersCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (o *ordersCtx) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return kafkalib.ConsumeContext(sess, claim, o.work)
}

// Silent twin: the library's loop does not block.
type ordersInPlace struct{}

func (ordersInPlace) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (ordersInPlace) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (ordersInPlace) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	return kafkalib.Each(sess, claim, func(*sarama.ConsumerMessage) error { return nil })
}

// A method of the library given the claim.
type runner struct{ r *kafkalib.Runner }

func (runner) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (runner) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h runner) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	h.r.Run(claim) // want `loop over claim in kafkalib.Runner.Run, which runner.ConsumeClaim runs, blocks and never watches sess.Context\(\).Done\(\)`
	return nil
}

// Silent twin: ConsumeClaim watches the session itself, the library's loop
// started on a goroutine.
type runnerCtx struct{ r *kafkalib.Runner }

func (runnerCtx) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (runnerCtx) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h runnerCtx) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	go h.r.Run(claim)
	<-sess.Context().Done()
	return nil
}
