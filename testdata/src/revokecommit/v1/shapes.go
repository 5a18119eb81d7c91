package v1

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Every handler shape, once wrong and once right.

func assertionFormCommits(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			c.Commit()
			invalidateAll(c, e.Partitions)
			return c.Unassign() // fine: committed and invalidated
		}
		return nil
	})
}

func invalidateAll(c *kafka.Consumer, parts []kafka.TopicPartition) {
	for i := range parts {
		parts[i].Offset = kafka.OffsetInvalid
	}
	c.StoreOffsets(parts)
}

// pollLoopNeverRuns: the v1 stub has IncrementalAssign, so the library is v1.6.1
// or later, whose Poll returns no rebalance events: the case is dead code
// (pollrebalance reports it), and what it does or not does not matter.
func pollLoopNeverRuns() {
	c, _ := kafka.NewConsumer(riskyConfig())
	for {
		ev := c.Poll(100)
		switch ev.(type) {
		case kafka.RevokedPartitions:
			c.Unassign() // fine: never runs
		}
	}
}

func pollLoopCommits() {
	c, _ := kafka.NewConsumer(riskyConfig())
	for {
		switch e := c.Poll(100).(type) {
		case kafka.RevokedPartitions:
			c.Commit()
			invalidateAll(c, e.Partitions)
			c.Unassign() // fine
		}
	}
}

func eventsChannel() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.offset.store":        false,
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	for ev := range c.Events() {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
	}
}

func eventsChannelCommits() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.offset.store":        false,
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	for ev := range c.Events() {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			c.Commit()
			invalidateAll(c, e.Partitions)
			c.Unassign() // fine
		}
	}
}

// namedRevoke is registered on a consumer that stores offsets automatically only.
func namedRevoke(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		return c.Unassign() // fine: its only consumer is safe
	}
	return nil
}

func namedCallbackSafeConsumer() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.Subscribe("t", namedRevoke)
}

type safeHandler struct{ consumer *kafka.Consumer }

func (h *safeHandler) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return h.consumer.Unassign() // fine: the field only ever holds a safe consumer
	}
	return nil
}

func methodValueSafeConsumer() {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.commit": false, "enable.auto.offset.store": false})
	h := &safeHandler{consumer: c}
	c.SubscribeTopics([]string{"t"}, h.rebalance)
}

// deferredCommit does not count: it runs after the Unassign.
func deferredCommit(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			defer c.Commit()
			invalidateAll(c, e.Partitions)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit`
		}
		return nil
	})
}
