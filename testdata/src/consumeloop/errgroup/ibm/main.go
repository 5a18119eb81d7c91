package main

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/IBM/sarama"
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

var group sarama.ConsumerGroup

func main() {
	ctx := context.Background()

	// Once, on an errgroup's goroutine or a WaitGroup's: they run their
	// function once.
	eg, ectx := errgroup.WithContext(ctx)
	eg.Go(func() error {
		return group.Consume(ectx, []string{"returns"}, handler{}) // want `group.Consume is not called in a loop`
	})
	var wg sync.WaitGroup
	wg.Go(func() {
		_ = group.Consume(ctx, []string{"claims"}, handler{}) // want `group.Consume is not called in a loop`
	})
	// Its twin: the loop inside.
	eg.Go(func() error {
		for ectx.Err() == nil {
			if err := group.Consume(ectx, []string{"credits"}, handler{}); err != nil {
				return err
			}
		}
		return nil
	})
	wg.Wait()
	_ = eg.Wait()
}
