package gopkgin

import (
	"flag"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

func process(m *kafka.Message) {}
func drain()                   {}

// The stub has StoreMessage: v1.8.2 or later, where Poll returns no rebalance events.
func pollSwitch(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil)
	for {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			process(e)
		case kafka.AssignedPartitions: // want `AssignedPartitions case on c\.Poll events never matches on v1\.8\.2 or later, move the handling into a rebalance callback`
			c.Assign(e.Partitions)
		case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Poll events never matches on v1\.8\.2 or later.*\(Poll returns no rebalance events since v1\.6\.1\)`
			drain()
			c.Commit()
			c.Unassign()
		}
	}
}

func pollVariable(c *kafka.Consumer) {
	for {
		ev := c.Poll(100)
		if ev == nil {
			continue
		}
		switch ev.(type) {
		case kafka.RevokedPartitions, kafka.AssignedPartitions: // want `RevokedPartitions case on c\.Poll` `AssignedPartitions case on c\.Poll`
			drain()
		}
	}
}

func pollAssertion(c *kafka.Consumer) {
	ev := c.Poll(100)
	if _, ok := ev.(kafka.RevokedPartitions); ok { // want `RevokedPartitions type assertion on c\.Poll events never matches`
		drain()
	}
}

type worker struct{ consumer *kafka.Consumer }

func (w *worker) loop() {
	var ev kafka.Event
	for {
		ev = w.consumer.Poll(100)
		switch ev.(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on w\.consumer\.Poll events`
			drain()
		}
	}
}

// Rebalance callbacks receive every rebalance event.
func callback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions: // fine: a callback
			drain()
		}
		return nil
	})
}

// handle does not know where ev comes from.
func handle(ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions: // fine: origin unknown
		drain()
	}
}

func next(c *kafka.Consumer) kafka.Event { return c.Poll(100) }

// The event is traced through the helper's return to its Poll call.
func helperResult(c *kafka.Consumer) {
	switch next(c).(type) {
	case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Poll events never matches`
		drain()
	}
}

// ev is a Poll event or a parameter nothing in the package passes: the traced
// root proves the case dead, and the untraced one does not excuse it
// (internal/valueflow's policy).
func mixed(c *kafka.Consumer, other kafka.Event) {
	ev := c.Poll(100)
	if ev == nil {
		ev = other
	}
	switch ev.(type) {
	case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Poll events never matches`
		drain()
	}
}

func readMessage(c *kafka.Consumer) {
	m, err := c.ReadMessage(-1)
	if err == nil {
		process(m)
	}
}

var enable = flag.Bool("rebalance", false, "")

// Events channel, v1.6.1 or later: events only with the flag and no callback.
func eventsFlagAndNoCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch e := ev.(type) {
		case kafka.AssignedPartitions: // fine: delivered on the channel
			c.Assign(e.Partitions)
		case kafka.RevokedPartitions: // fine: delivered on the channel
			c.Unassign()
		}
	}
}

func eventsWithCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	c.SubscribeTopics(topics, rebalanceCb)
	for {
		select {
		case ev := <-c.Events():
			switch ev.(type) {
			case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Events\(\) events never matches on v1\.8\.2 or later, move the handling into the rebalance callback passed to SubscribeTopics \(since v1\.6\.1 the callback receives rebalance events, not the Events channel\)`
				drain()
			}
		}
	}
}

func rebalanceCb(c *kafka.Consumer, ev kafka.Event) error { return nil }

func eventsFlagOff(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true})
	c.SubscribeTopics(topics, nil)
	events := c.Events()
	for {
		ev := <-events
		if _, ok := ev.(kafka.AssignedPartitions); ok { // want `AssignedPartitions type assertion on c\.Events\(\) events never matches, .*\(go\.application\.rebalance\.enable is false: the client assigns partitions itself and Events\(\) carries no rebalance events\)`
			drain()
		}
	}
}

func eventsChannelOff(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // want `go\.events\.channel\.enable is false: nothing is sent on Events\(\)`
			drain()
		}
	}
}

func eventsUnknownFlag(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": *enable,
	})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // fine: the flag comes from outside
			drain()
		}
	}
}

func eventsStringFlag(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": "false", // NewConsumer rejects a string: not this analyzer's report
	})
	c.SubscribeTopics(topics, nil)
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // fine: the value is not a bool
			drain()
		}
	}
}

// subscriber is the program's own consumer interface: a Subscribe through it
// registers the callback as the consumer's own method does.
type subscriber interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
}

func eventsWithCallbackThroughInterface(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	var s subscriber = c
	s.SubscribeTopics(topics, rebalanceCb)
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Events\(\) events never matches on v1\.8\.2 or later, move the handling into the rebalance callback passed to SubscribeTopics`
			drain()
		}
	}
}

func eventsWithoutCallbackThroughInterface(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	var s subscriber = c
	s.SubscribeTopics(topics, nil) // want `consumer c never assigns the partitions it is given: SubscribeTopics passes no rebalance callback and nothing handles AssignedPartitions from c\.Events\(\)`
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions: // fine: delivered on the channel
			drain()
		}
	}
}
