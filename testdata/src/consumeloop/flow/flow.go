// Package flow holds Consume calls whose place in a loop the analyzer reads from
// the function's control flow before it builds the SSA form (valueflow.Flow):
// the shapes where go/cfg's graph and go/ssa's could differ.
package flow

import (
	"context"
	"errors"
	"iter"
	"log"

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

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A loop whose body always returns: the call runs once.
	for {
		err := group.Consume(ctx, []string{"a"}, handler{}) // want `group.Consume is not called in a loop`
		return
		_ = err
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A loop whose body ends in a select every case of which returns: a
	// blocking select that matches no case goes nowhere, in both graphs.
	for {
		group.Consume(ctx, []string{"b"}, handler{}) // want `group.Consume is not called in a loop`
		select {
		case <-ctx.Done():
			return
		}
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// The same with two cases.
	for {
		group.Consume(ctx, []string{"c"}, handler{}) // want `group.Consume is not called in a loop`
		select {
		case <-ctx.Done():
			return
		case <-make(chan int):
			return
		}
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A loop whose body panics: the builtin ends the block in both graphs.
	for {
		group.Consume(ctx, []string{"d"}, handler{}) // want `group.Consume is not called in a loop`
		panic("consumed")
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A loop whose body exits through log.Fatal: go/ssa does not know that
	// it does not return, so the call is in a loop there, and here.
	for {
		group.Consume(ctx, []string{"e"}, handler{})
		log.Fatal("consumed")
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A loop made with goto, a labelled continue, a loop's condition.
	again:
	group.Consume(ctx, []string{"f"}, handler{})
	if ctx.Err() == nil {
		goto again
	}
outer:
	for range 3 {
		for {
			group.Consume(ctx, []string{"g"}, handler{})
			continue outer
		}
	}
	for group.Consume(ctx, []string{"h"}, handler{}) == nil {
	}
	for err := errors.New(""); err != nil; err = group.Consume(ctx, []string{"i"}, handler{}) {
	}
	for i := 0; i < 3 && group.Consume(ctx, []string{"j"}, handler{}) == nil; i++ {
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A call in a function literal in a loop: the literal's own flow has
	// no loop, and the literal is called in place.
	for {
		func() {
			group.Consume(ctx, []string{"k"}, handler{})
		}()
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// Unreachable code in a loop: go/ssa has no instruction for it.
	for {
		break
		group.Consume(ctx, []string{"l"}, handler{})
	}
}

func init() {
	ctx := context.Background()
	var group sarama.ConsumerGroup

	// A range over a function: go/ssa builds the body as a function of its
	// own, so the flow of init says nothing of it.
	for range topics {
		group.Consume(ctx, []string{"m"}, handler{})
	}
}

var topics iter.Seq[string] = func(yield func(string) bool) { yield("n") }
