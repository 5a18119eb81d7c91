// Package app configures its consumers through helpers of another package
// (cfghelp) and of its own, applied through function values, and wraps its
// rebalance callbacks in middleware (issue 16, the smaller indirections).
package app

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"revokecommit/allversions/indirect/cfghelp"
)

func throughHelper(topics []string) {
	cm := &kafka.ConfigMap{"group.id": "g"}
	cfghelp.ManualStore(cm)
	c, _ := kafka.NewConsumer(cm)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}

func throughHelpersSafe(topics []string) {
	cm := &kafka.ConfigMap{"group.id": "g"}
	cfghelp.ManualStore(cm)
	cfghelp.ManualCommit(cm)
	c, _ := kafka.NewConsumer(cm)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: the helper turned auto commit off
		}
		return nil
	})
}

func throughConditionalHelper(topics []string, manual bool) {
	cm := &kafka.ConfigMap{"group.id": "g"}
	cfghelp.ManualStore(cm)
	cfghelp.Tune(cm, manual)
	c, _ := kafka.NewConsumer(cm)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}

// cmOption is an option applied to a ConfigMap through a function value.
type cmOption func(*kafka.ConfigMap)

func withManualStore() cmOption {
	return func(cm *kafka.ConfigMap) { _ = cm.SetKey("enable.auto.offset.store", false) }
}

func withManualCommit() cmOption {
	return func(cm *kafka.ConfigMap) { (*cm)["enable.auto.commit"] = false }
}

func optionApplied(topics []string) {
	cm := &kafka.ConfigMap{"group.id": "g"}
	withManualStore()(cm)
	c, _ := kafka.NewConsumer(cm)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
		}
		return nil
	})
}

func optionsAppliedSafe(topics []string) {
	cm := &kafka.ConfigMap{"group.id": "g"}
	withManualStore()(cm)
	withManualCommit()(cm)
	c, _ := kafka.NewConsumer(cm)
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: the option turned auto commit off
		}
		return nil
	})
}

// logged is rebalance middleware: it logs and calls the handler it wraps,
// which still gets the real consumer and event.
func logged(next kafka.RebalanceCb) kafka.RebalanceCb {
	return func(c *kafka.Consumer, ev kafka.Event) error {
		log.Printf("rebalance: %v", ev)
		return next(c, ev)
	}
}

func onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
	}
	return nil
}

func onRebalanceSafe(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		if _, err := c.Commit(); err != nil {
			return err
		}
		for i := range e.Partitions {
			e.Partitions[i].Offset = kafka.OffsetInvalid
		}
		if _, err := c.StoreOffsets(e.Partitions); err != nil {
			return err
		}
		return c.Unassign() // fine: committed and invalidated
	}
	return nil
}

func wrappedCallback(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, logged(onRebalance))
}

func wrappedCallbackSafe(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, logged(onRebalanceSafe))
}
