// Package gopkgin has rebalance handlers in the shapes the analyzer finds, on
// gopkg.in/confluentinc/confluent-kafka-go.v1/kafka; each is reported by the test as "KIND FORM body=... event=... func=...".
package gopkgin

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

func poll(c *kafka.Consumer) {
	for {
		switch e := c.Poll(100).(type) {
		case kafka.AssignedPartitions: // want `^Assigned clause body=case event=e func=poll$`
			c.Assign(e.Partitions)
		case kafka.RevokedPartitions: // want `^Revoked clause body=case event=e func=poll$`
			c.Unassign()
		case *kafka.RevokedPartitions: // a pointer case never matches
		case *kafka.Message:
		}
	}
}

func events(c *kafka.Consumer) {
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions, kafka.AssignedPartitions: // want `^Revoked clause body=case event=none func=events$` `^Assigned clause body=case event=none func=events$`
		}
	}
}

func subscribe(c *kafka.Consumer) error {
	return c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error { // want `^subscribe SubscribeTopics$`
		if e, ok := ev.(kafka.RevokedPartitions); ok { // want `^Revoked assert body=if event=e func=lit$`
			_ = e
			return c.Unassign()
		}
		if _, ok := ev.(kafka.AssignedPartitions); !ok { // want `^Assigned assert body=none event=none func=lit$`
			return nil
		}
		return nil
	})
}

// RevokedPartitions is a look-alike of the library's type: never a handler.
type RevokedPartitions struct{}

func (RevokedPartitions) String() string { return "" }

func lookalike(ev kafka.Event) {
	switch ev.(type) {
	case RevokedPartitions:
	}
	_, _ = ev.(RevokedPartitions)
}
