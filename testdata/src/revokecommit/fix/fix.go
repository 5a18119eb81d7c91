// Package fix holds the revokecommit cases whose suggested fixes are checked
// against fix.go.golden.
package fix

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

var risky = &kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}

func newConsumer() *kafka.Consumer {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.offset.store":        false,
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	if err != nil {
		log.Fatal(err)
	}
	return c
}

// callbackReturnsError: the inserted calls return their errors.
func callbackReturnsError(topics []string) {
	c := newConsumer()
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets`
		}
		return nil
	})
}

// eventsLoop: the function returns nothing and the Unassign's error is ignored, so
// are the inserted calls'. (A Poll loop would never see the event: Poll returns
// no rebalance events since v1.6.1.)
func eventsLoop() {
	consumer := newConsumer()
	consumer.SubscribeTopics([]string{"orders"}, nil) // the events go to the channel
	for ev := range consumer.Events() {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			consumer.Unassign() // want `consumer\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		case *kafka.Message:
			consumer.StoreMessage(e)
		}
	}
}

// checkedUnassign: errors are handled the way the Unassign's own error is.
func checkedUnassign() {
	consumer := newConsumer()
	consumer.SubscribeTopics([]string{"orders"}, nil) // the events go to the channel
	for ev := range consumer.Events() {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if err := consumer.IncrementalUnassign(e.Partitions); err != nil { // want `consumer\.IncrementalUnassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
				log.Printf("unassign: %v", err)
			}
		}
	}
}

// onlyInvalidationMissing: the switch binds no variable, so the partitions come
// from the current assignment.
func onlyInvalidationMissing(topics []string) {
	c := newConsumer()
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			if _, err := c.Commit(); err != nil {
				return err
			}
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
		}
		return nil
	})
}

// nameInUse: "revoked" is taken, so the fix picks another name.
func nameInUse(topics []string) {
	revoked := 0
	c := newConsumer()
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			revoked += len(e.Partitions)
			c.Commit()
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation`
		}
		return nil
	})
}
