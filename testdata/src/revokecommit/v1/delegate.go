package v1

import (
	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// handler keeps its consumer in a field and registers a method value.
type handler struct {
	consumer *kafka.Consumer
}

func newHandler(topics []string) *handler {
	c, _ := kafka.NewConsumer(riskyConfig())
	h := &handler{consumer: c}
	c.SubscribeTopics(topics, h.rebalance)
	return h
}

func (h *handler) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		h.onRevoke(e)
	}
	return nil
}

// onRevoke is only a handler because rebalance calls it for a revoke.
func (h *handler) onRevoke(e kafka.RevokedPartitions) {
	h.consumer.Unassign() // want `h\.consumer\.Unassign in RevokedPartitions handler`
}

// finish commits and invalidates on every path.
func finish(c *kafka.Consumer, parts []kafka.TopicPartition) {
	c.Commit()
	invalid := append([]kafka.TopicPartition(nil), parts...)
	for i := range invalid {
		invalid[i].Offset = kafka.OffsetInvalid
	}
	c.StoreOffsets(invalid)
}

func helperDoesTheWork(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			finish(c, e.Partitions)
			return c.Unassign() // fine: finish commits and invalidates
		}
		return nil
	})
}

// finishInTwoSteps reaches the commit and the invalidation through two helpers.
func finishInTwoSteps(c *kafka.Consumer, parts []kafka.TopicPartition) {
	commitOnly(c)
	invalidateAll(c, parts)
}

func commitOnly(c *kafka.Consumer) { c.Commit() }

func nestedHelpersDoTheWork(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			finishInTwoSteps(c, e.Partitions)
			return c.Unassign() // fine: the helpers commit and invalidate
		}
		return nil
	})
}
