package gopkgin

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Shared construction (issue 16, shape 1), the structure of a consumer
// library: an options struct holds the ConfigMap, a method of it writes the
// settings the library relies on and creates the client through a
// function-typed field whose default calls kafka.NewConsumer (a fake in the
// tests), and several consumer kinds use it, each with its own rebalance
// callback. Each callback is judged against the configuration its own
// constructor builds.

type sharedClient interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Unassign() error
	Commit() ([]kafka.TopicPartition, error)
	StoreOffsets(offsets []kafka.TopicPartition) ([]kafka.TopicPartition, error)
	Close() error
}

type sharedClientFunc func(cm *kafka.ConfigMap) (sharedClient, error)

func defaultSharedClient(cm *kafka.ConfigMap) (sharedClient, error) {
	return kafka.NewConsumer(cm)
}

type sharedOptions struct {
	cm           kafka.ConfigMap
	manualCommit bool
	newClient    sharedClientFunc
}

// SharedOption configures the consumers of this library.
type SharedOption func(*sharedOptions)

// WithSharedManualCommit turns auto commit off: the library commits itself.
func WithSharedManualCommit() SharedOption {
	return func(o *sharedOptions) { o.manualCommit = true }
}

func newSharedOptions(opts ...SharedOption) *sharedOptions {
	o := &sharedOptions{cm: kafka.ConfigMap{"group.id": "g"}, newClient: defaultSharedClient}
	for _, opt := range opts {
		opt(o)
	}
	return o
}

// client writes what the library relies on and creates the consumer.
func (o *sharedOptions) client() (sharedClient, error) {
	_ = o.cm.SetKey("enable.auto.offset.store", false)
	if o.manualCommit {
		_ = o.cm.SetKey("enable.auto.commit", false)
	}
	return o.newClient(&o.cm)
}

// SingleConsumer keeps the default: auto commit on, offsets stored by the
// library, and a revoke handler that only unassigns (#209).
type SingleConsumer struct{ kc sharedClient }

func NewSingleConsumer(opts ...SharedOption) (*SingleConsumer, error) {
	o := newSharedOptions(opts...)
	kc, err := o.client()
	if err != nil {
		return nil, err
	}
	return &SingleConsumer{kc: kc}, nil
}

func (c *SingleConsumer) Run(topics []string) error {
	return c.kc.SubscribeTopics(topics, c.rebalance)
}

func (c *SingleConsumer) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return c.kc.Unassign() // want `c\.kc\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
	}
	return nil
}

// BatchConsumer commits itself: its constructor turns auto commit off before
// the shared method creates the client, so the same handler is safe here.
type BatchConsumer struct{ kc sharedClient }

func NewBatchConsumer(opts ...SharedOption) (*BatchConsumer, error) {
	o := newSharedOptions(opts...)
	_ = o.cm.SetKey("enable.auto.commit", false)
	kc, err := o.client()
	if err != nil {
		return nil, err
	}
	return &BatchConsumer{kc: kc}, nil
}

func (c *BatchConsumer) Run(topics []string) error {
	return c.kc.SubscribeTopics(topics, c.rebalance)
}

func (c *BatchConsumer) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch ev.(type) {
	case kafka.RevokedPartitions:
		return c.kc.Unassign() // fine: this constructor turns auto commit off
	}
	return nil
}

// SafeConsumer shares the risky default, and its handler commits and
// invalidates before it unassigns.
type SafeConsumer struct{ kc sharedClient }

func NewSafeConsumer(opts ...SharedOption) (*SafeConsumer, error) {
	o := newSharedOptions(opts...)
	kc, err := o.client()
	if err != nil {
		return nil, err
	}
	return &SafeConsumer{kc: kc}, nil
}

func (c *SafeConsumer) Run(topics []string) error {
	return c.kc.SubscribeTopics(topics, c.rebalance)
}

func (c *SafeConsumer) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		if _, err := c.kc.Commit(); err != nil {
			return err
		}
		revoked := make([]kafka.TopicPartition, len(e.Partitions))
		for i, tp := range e.Partitions {
			tp.Offset = kafka.OffsetInvalid
			revoked[i] = tp
		}
		if _, err := c.kc.StoreOffsets(revoked); err != nil {
			return err
		}
		return c.kc.Unassign() // fine: committed and invalidated
	}
	return nil
}

// newPlainConsumer is the plainest shared constructor: every caller hands it
// its own ConfigMap, and each caller's consumer is judged by that map.
func newPlainConsumer(cm *kafka.ConfigMap) *kafka.Consumer {
	c, _ := kafka.NewConsumer(cm)
	return c
}

func plainSharedRisky(topics []string) {
	c := newPlainConsumer(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}

func plainSharedSafe(topics []string) {
	c := newPlainConsumer(&kafka.ConfigMap{"group.id": "g"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			return c.Unassign() // fine: this caller keeps the automatic offset store
		}
		return nil
	})
}
