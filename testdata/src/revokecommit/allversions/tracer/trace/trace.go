// Package trace wraps the client the way tracing integrations do (Datadog's
// contrib, for example): a struct that embeds *kafka.Consumer, with Poll
// overridden to start a span, made by NewConsumer(conf, opts...) that calls
// kafka.NewConsumer(conf). Its callers' configurations and consumers are seen
// through it (issue 16, shape 4).
package trace

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Consumer is a traced consumer.
type Consumer struct {
	*kafka.Consumer
	service string
}

// An Option configures the tracing.
type Option func(*Consumer)

// WithService names the service in spans.
func WithService(name string) Option { return func(c *Consumer) { c.service = name } }

// NewConsumer creates a traced consumer from the caller's configuration.
func NewConsumer(conf *kafka.ConfigMap, opts ...Option) (*Consumer, error) {
	c, err := kafka.NewConsumer(conf)
	if err != nil {
		return nil, err
	}
	return WrapConsumer(c, opts...), nil
}

// WrapConsumer wraps a consumer the caller made.
func WrapConsumer(c *kafka.Consumer, opts ...Option) *Consumer {
	wc := &Consumer{Consumer: c, service: "kafka"}
	for _, o := range opts {
		o(wc)
	}
	return wc
}

// Poll starts a span for the event it returns.
func (c *Consumer) Poll(timeoutMs int) kafka.Event {
	ev := c.Consumer.Poll(timeoutMs)
	return ev
}
