// Package worker is a reusable consumer library: its callers supply the
// configuration or the consumer, it supplies the rebalance handling. Its
// handlers unassign without committing; whether that rewinds offsets depends
// on the caller's configuration, so the reports appear in the callers.
package worker

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Worker consumes with a consumer it makes from its caller's ConfigMap.
type Worker struct {
	c *kafka.Consumer
}

// New makes the consumer and installs the rebalance handler.
func New(cfg *kafka.ConfigMap, topics []string) (*Worker, error) { // want New:`handover\(config param 0, missing commit\+invalidate\+wait\)`
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	w := &Worker{c: c}
	return w, c.SubscribeTopics(topics, w.rebalance)
}

func (w *Worker) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return w.c.Assign(e.Partitions)
	case kafka.RevokedPartitions:
		return w.c.Unassign() // reported in the callers that pass a risky configuration
	}
	return nil
}

// Options carries a consumer the caller made.
type Options struct {
	Consumer *kafka.Consumer // want Consumer:`handover\(consumer param 0, missing commit\+invalidate\+wait\)`
	Topics   []string
}

type handler struct{ o Options }

// Start subscribes the caller's consumer with the library's handler.
func Start(o Options) error {
	h := &handler{o: o}
	return o.Consumer.SubscribeTopics(o.Topics, h.rebalance)
}

func (h *handler) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		return h.o.Consumer.Unassign()
	}
	return nil
}

// Config carries the caller's configuration, as services pass their settings.
type Config struct {
	Kafka  *kafka.ConfigMap // want Kafka:`handover\(config param 0, missing commit\+invalidate\+wait\)`
	Topics []string
}

// Run makes a consumer from the caller's configuration and installs the
// library's handler.
func Run(cfg Config) error {
	c, err := kafka.NewConsumer(cfg.Kafka)
	if err != nil {
		return err
	}
	return c.SubscribeTopics(cfg.Topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign()
		}
		return nil
	})
}
