// Package kafkasvc wraps a consumer group for the services of the program.
package kafkasvc

import (
	"context"

	"github.com/Shopify/sarama"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Run runs one session.
func Run(ctx context.Context, group sarama.ConsumerGroup, topics []string) error { // want Run:"consumes once"
	return group.Consume(ctx, topics, handler{})
}

// RunForever runs sessions until ctx is done.
func RunForever(ctx context.Context, group sarama.ConsumerGroup, topics []string) error {
	for {
		if err := group.Consume(ctx, topics, handler{}); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}
