package main

import (
	"time"

	"github.com/IBM/sarama"
)

// refunds forwards every message to a slow worker and never looks at the
// session: a rebalance waits for the send.
type refunds struct {
	work chan<- *sarama.ConsumerMessage
}

func (*refunds) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*refunds) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r *refunds) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		r.work <- msg
		sess.MarkMessage(msg, "")
	}
	return nil
}

func refundWorker(in <-chan *sarama.ConsumerMessage) {
	for range in {
		time.Sleep(time.Second)
	}
}

var _ = refundWorker
