// Package concurrent is liveness/v2 without expectations: the verdicts must
// not depend on which goroutine asks first.
package concurrent

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

func drain() {}

// Each receive of a select is traced to its own channel; a send state between
// them does not shift them.
func selectStates(own chan kafka.Event, out chan int) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(nil, nil)
	for {
		select {
		case ev := <-own:
			if _, ok := ev.(kafka.RevokedPartitions); ok {
				drain()
			}
		case out <- 1:
		case ev, ok := <-c.Events():
			if _, isRevoke := ev.(kafka.RevokedPartitions); ok && isRevoke {
				drain()
			}
		}
	}
}

// handle sees Poll events and the rebalance callback's.
func handle(ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		drain()
	}
}

func callbackAndPoll(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, func(_ *kafka.Consumer, ev kafka.Event) error {
		handle(ev)
		return nil
	})
	for {
		handle(c.Poll(100))
	}
}

// handlePoll sees Poll events only, through a helper's return.
func handlePoll(ev kafka.Event) {
	switch ev.(type) {
	case kafka.AssignedPartitions:
		drain()
	}
}

func next(c *kafka.Consumer) kafka.Event { return c.Poll(100) }

func pollOnly(c *kafka.Consumer) {
	for {
		handlePoll(next(c))
	}
}

// Exported: ev comes from other packages, and nothing here proves anything.
func Handle(ev kafka.Event) {
	if _, ok := ev.(kafka.AssignedPartitions); ok {
		drain()
	}
}

// A package-level assertion has no function to trace in.
var _, atTop = kafka.Event(nil).(kafka.RevokedPartitions)
