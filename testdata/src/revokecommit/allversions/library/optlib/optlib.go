// Package optlib is configured with functional options, as many service
// libraries are.
package optlib

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

type options struct {
	cfg    *kafka.ConfigMap
	topics []string
}

// An Option configures the consumer loop.
type Option func(*options)

// WithConfig sets the consumer's configuration.
func WithConfig(cfg *kafka.ConfigMap) Option { // want WithConfig:`handover\(config param 0, missing commit\+invalidate\+wait\)`
	return func(o *options) { o.cfg = cfg }
}

// WithTopics sets the topics.
func WithTopics(topics ...string) Option {
	return func(o *options) { o.topics = topics }
}

// Run consumes with the options' configuration and the library's handler.
func Run(opts ...Option) error {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	c, err := kafka.NewConsumer(o.cfg)
	if err != nil {
		return err
	}
	return c.SubscribeTopics(o.topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign()
		}
		return nil
	})
}
