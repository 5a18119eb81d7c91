// Package poller consumes a topic for its caller.
package poller

import (
	"context"

	"github.com/IBM/sarama"
)

type handler struct{ seen int }

func (*handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg := <-claim.Messages():
			h.seen++
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

// Run consumes topic until the first rebalance.
func Run(ctx context.Context, group sarama.ConsumerGroup, topic string) error {
	return group.Consume(ctx, []string{topic}, &handler{})
}
