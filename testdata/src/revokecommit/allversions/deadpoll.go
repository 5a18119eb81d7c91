package allversions

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Poll events reach the handler through a declaration, an interface of the
// program's own and a helper. The v2 path is v2.0.2 or later, whose Poll returns
// no rebalance events: each case is dead code, which pollrebalance reports and
// revokecommit leaves alone (issue 8: the declaration got both reports). The
// Events() twins, whose events are delivered, are reported. (This is
// revokecommit/v1/deadpoll.go on the v2 path.)

func pollVarDecl() {
	c, _ := kafka.NewConsumer(riskyConfig())
	for {
		var ev kafka.Event = c.Poll(100)
		switch ev.(type) {
		case kafka.RevokedPartitions:
			c.Unassign() // fine: never runs
		}
	}
}

func eventsVarDecl() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.offset.store":        false,
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	for {
		var ev kafka.Event = <-c.Events()
		switch ev.(type) {
		case kafka.RevokedPartitions:
			c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
	}
}

// source is what the loops below need of a consumer.
type source interface {
	Poll(timeoutMs int) kafka.Event
	Events() chan kafka.Event
	Unassign() error
}

func pollThroughInterface() {
	c, _ := kafka.NewConsumer(riskyConfig())
	var s source = c
	for {
		handleDead(s, s.Poll(100))
	}
}

// handleDead gets only Poll events: pollThroughInterface is its one caller.
func handleDead(s source, ev kafka.Event) {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		s.Unassign() // fine: never runs
	}
}

func eventsThroughInterface() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.offset.store":        false,
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	var s source = c
	for ev := range s.Events() {
		handleLive(s, ev)
	}
}

func handleLive(s source, ev kafka.Event) {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		s.Unassign() // want `s\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
	}
}

func riskyConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}
}
