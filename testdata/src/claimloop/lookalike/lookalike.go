// Package lookalike has the claim loops claimloop reports, on a package that
// only looks like sarama: nothing is reported.
package lookalike

import "example.com/sarama"

type h struct{ out chan *sarama.ConsumerMessage }

func (h) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (x h) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		msg := <-claim.Messages()
		x.out <- msg
		sess.MarkMessage(msg, "")
	}
}

func (x h) rangeLoop(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		x.out <- msg
	}
}
