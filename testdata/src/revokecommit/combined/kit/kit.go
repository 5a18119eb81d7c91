// Package kit is provider A of a dependency-injection graph, built the way
// consumer kits are: options that hold the ConfigMap and a function-typed
// field whose default creates the traced client (a fake in tests), one
// shared constructor that writes the settings the kit relies on, and a
// provider closure per consumer kind. Each exported provider returns a
// consumer configured its own way (issue 16, shapes 1, 2, 3 and 4
// together).
package kit

import (
	"github.com/confluentinc/confluent-kafka-go/kafka"

	"revokecommit/combined/otelkafka"
)

// Group names the consumer group; the injector provides it.
type Group string

type options struct {
	cm           kafka.ConfigMap
	manualCommit bool
	newClient    func(*kafka.ConfigMap) (*otelkafka.Consumer, error)
}

func newOptions(g Group) *options {
	return &options{
		cm: kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": string(g)},
		newClient: func(cm *kafka.ConfigMap) (*otelkafka.Consumer, error) {
			return otelkafka.NewConsumer(cm)
		},
	}
}

// client is the shared constructor: the kit stores offsets itself, and
// turns auto commit off only when asked to.
func (o *options) client() (*otelkafka.Consumer, error) {
	_ = o.cm.SetKey("enable.auto.offset.store", false)
	if o.manualCommit {
		_ = o.cm.SetKey("enable.auto.commit", false)
	}
	return o.newClient(&o.cm)
}

// provider returns the closure that creates the consumer.
func (o *options) provider() func() (*otelkafka.Consumer, error) {
	return func() (*otelkafka.Consumer, error) { return o.client() }
}

// ProvideStreaming returns the streaming kind: auto commit stays on.
func ProvideStreaming(g Group) (*otelkafka.Consumer, error) {
	o := newOptions(g)
	return o.provider()()
}

// ProvideBatch returns the batch kind: it commits itself, auto commit off.
func ProvideBatch(g Group) (*otelkafka.Consumer, error) {
	o := newOptions(g)
	_ = o.cm.SetKey("enable.auto.commit", false)
	return o.provider()()
}
