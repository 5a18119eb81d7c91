// Package v2 exercises the liveness verdict (Reason numbers: 1 PollSince161,
// 4 ChannelOff) on the v2 path, where Poll returns no rebalance events.
package v2

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
			if _, ok := ev.(kafka.RevokedPartitions); ok { // want `runs`
				drain()
			}
		case out <- 1:
		case ev, ok := <-c.Events():
			if _, isRevoke := ev.(kafka.RevokedPartitions); ok && isRevoke { // want `dead 4 from .*live.go:21:`
				drain()
			}
		}
	}
}

// handle sees Poll events and the rebalance callback's.
func handle(ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions: // want `runs`
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
	case kafka.AssignedPartitions: // want `dead 1 from .*live.go:56:`
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
	if _, ok := ev.(kafka.AssignedPartitions); ok { // want `runs`
		drain()
	}
}

// A package-level assertion has no function to trace in.
var _, atTop = kafka.Event(nil).(kafka.RevokedPartitions) // want `runs`

// subscriber is the program's own consumer interface: a Subscribe through it
// registers the callback as the consumer's own method does.
type subscriber interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Poll(timeoutMs int) kafka.Event
}

// handleOwn sees Poll events and the events of a callback registered through
// the program's own interface.
func handleOwn(ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions: // want `runs`
		drain()
	}
}

func callbackThroughInterface(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	var s subscriber = c
	s.SubscribeTopics(topics, func(_ *kafka.Consumer, ev kafka.Event) error {
		handleOwn(ev)
		return nil
	})
	for {
		handleOwn(s.Poll(100))
	}
}

// handleOwnPoll sees Poll events only: the interface's Subscribe registers no callback.
func handleOwnPoll(ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions: // want `dead 1 from .*live.go:`
		drain()
	}
}

func noCallbackThroughInterface(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	var s subscriber = c
	s.SubscribeTopics(topics, nil)
	for {
		handleOwnPoll(s.Poll(100))
	}
}
