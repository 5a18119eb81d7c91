package main

import (
	"context"
	"log"
	"os/signal"
	"sync"
	"syscall"

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

func newGroup() sarama.ConsumerGroup {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "billing", cfg)
	if err != nil {
		log.Fatal(err)
	}
	return group
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	group := newGroup()
	defer group.Close()

	// Once, in main.
	if err := group.Consume(ctx, []string{"orders"}, handler{}); err != nil { // want `group.Consume is not called in a loop, call it again until the context is done \(Consume returns at the end of each session: after the first rebalance nothing is consumed\)`
		log.Fatal(err)
	}

	// Once, in a goroutine started in place.
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := group.Consume(ctx, []string{"payments"}, handler{}); err != nil { // want `group.Consume is not called in a loop`
			log.Println(err)
		}
	}()
	// Its twin: the loop sarama's example has.
	go func() {
		defer wg.Done()
		for {
			if err := group.Consume(ctx, []string{"refunds"}, handler{}); err != nil {
				log.Println(err)
			}
			if ctx.Err() != nil {
				return
			}
		}
	}()
	wg.Wait()

	consumeOnce(ctx, group)
	consumeAll(ctx, group)
	s := &service{group: group}
	s.start(ctx)
	spawn(func() error { return group.Consume(ctx, []string{"audit"}, handler{}) })
	viaInterface(ctx, group)
	startedOnce(ctx, group)
	dispatch(ctx, group, "once")
}

// The group behind an interface of the program's own, as wrappers declare
// it for tests.
type consumer interface {
	Consume(ctx context.Context, topics []string, handler sarama.ConsumerGroupHandler) error
}

func viaInterface(ctx context.Context, c consumer) {
	_ = c.Consume(ctx, []string{"fees"}, handler{}) // want `c.Consume is not called in a loop`
}

// A helper of main's, called once: reported at its Consume call.
func consumeOnce(ctx context.Context, group sarama.ConsumerGroup) {
	if err := group.Consume(ctx, []string{"invoices"}, handler{}); err != nil { // want `group.Consume is not called in a loop`
		log.Println(err)
	}
}

// A helper whose caller loops: silent.
func consumeSession(ctx context.Context, group sarama.ConsumerGroup) error {
	return group.Consume(ctx, []string{"shipments"}, handler{})
}

func consumeAll(ctx context.Context, group sarama.ConsumerGroup) {
	for ctx.Err() == nil {
		if err := consumeSession(ctx, group); err != nil {
			log.Println(err)
		}
	}
}

// A method on a service struct, called once from main.
type service struct{ group sarama.ConsumerGroup }

func (s *service) start(ctx context.Context) {
	err := s.group.Consume(ctx, []string{"ledger"}, handler{}) // want `s.group.Consume is not called in a loop`
	if err != nil {
		log.Println(err)
	}
}

// A function value handed on: how often it runs is not known here.
func spawn(fn func() error) {
	go func() {
		if err := fn(); err != nil {
			log.Println(err)
		}
	}()
}

// An exported method of an exported type, called nowhere here: a package
// main is imported by nobody, so it is not reported (in another package it
// would get a fact, see the xpkg fixtures).
type Runner struct{ Group sarama.ConsumerGroup }

func (r *Runner) Run(ctx context.Context) error {
	return r.Group.Consume(ctx, []string{"events"}, handler{})
}
