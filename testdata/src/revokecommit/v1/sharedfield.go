package v1

import (
	"strings"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// The structure of a real consumer library (reduced and renamed): a config
// struct made by one function holds the ConfigMap and a function-typed field
// whose default calls kafka.NewConsumer; each consumer kind's constructor
// writes the settings the library relies on (manual offset store, auto commit
// off only with the manual-commit option) and creates the client through the
// field. Each kind's rebalance callback is judged by its own constructor.

type xClient interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Unassign() error
	Commit() ([]kafka.TopicPartition, error)
}

type xClientFunc func(cfg *kafka.ConfigMap) (xClient, error)

func xDefaultClient(cfg *kafka.ConfigMap) (xClient, error) { return kafka.NewConsumer(cfg) }

// XOption configures a consumer.
type XOption interface{ apply(*xConfig) }

// XManualCommit makes the library commit itself, with auto commit off.
type XManualCommit bool

func (m XManualCommit) apply(c *xConfig) { c.manualCommit = bool(m) }

type xConfig struct {
	brokers      []string
	configMap    kafka.ConfigMap
	clientFn     xClientFunc
	topics       []string
	manualCommit bool
}

func newXConfig(opts ...XOption) *xConfig {
	cfg := &xConfig{clientFn: xDefaultClient, configMap: kafka.ConfigMap{}}
	for _, o := range opts {
		o.apply(cfg)
	}
	return cfg
}

// XConsumer processes one message at a time and stores its offset.
type XConsumer struct {
	kafka  xClient
	config *xConfig
}

func NewXConsumer(name string, opts ...XOption) (*XConsumer, error) {
	cfg := newXConfig(opts...)
	_ = cfg.configMap.SetKey("enable.auto.offset.store", false)
	_ = cfg.configMap.SetKey("bootstrap.servers", strings.Join(cfg.brokers, ","))
	_ = cfg.configMap.SetKey("group.id", name)
	if cfg.manualCommit {
		_ = cfg.configMap.SetKey("enable.auto.commit", false)
	}
	kc, err := cfg.clientFn(&cfg.configMap)
	if err != nil {
		return nil, err
	}
	return &XConsumer{kafka: kc, config: cfg}, nil
}

func (c *XConsumer) subscribe() error {
	return c.kafka.SubscribeTopics(c.config.topics, c.rebalanceCallback)
}

func (c *XConsumer) rebalanceCallback(_ *kafka.Consumer, event kafka.Event) error {
	switch e := event.(type) {
	case kafka.RevokedPartitions:
		if err := c.kafka.Unassign(); err != nil { // want `c\.kafka\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
			return err
		}
		c.onPartitionsRevoked(e.Partitions)
	}
	return nil
}

func (c *XConsumer) onPartitionsRevoked([]kafka.TopicPartition) {}

// XBatchConsumer always commits itself: its constructor turns auto commit
// off whatever the options say.
type XBatchConsumer struct {
	kafka  xClient
	config *xConfig
}

func NewXBatchConsumer(name string, opts ...XOption) (*XBatchConsumer, error) {
	cfg := newXConfig(opts...)
	_ = cfg.configMap.SetKey("enable.auto.offset.store", false)
	_ = cfg.configMap.SetKey("group.id", name)
	_ = cfg.configMap.SetKey("enable.auto.commit", false)
	kc, err := cfg.clientFn(&cfg.configMap)
	if err != nil {
		return nil, err
	}
	return &XBatchConsumer{kafka: kc, config: cfg}, nil
}

func (c *XBatchConsumer) subscribe() error {
	return c.kafka.SubscribeTopics(c.config.topics, c.rebalanceCallback)
}

func (c *XBatchConsumer) rebalanceCallback(_ *kafka.Consumer, event kafka.Event) error {
	switch event.(type) {
	case kafka.RevokedPartitions:
		if err := c.kafka.Unassign(); err != nil { // fine: this constructor turns auto commit off
			return err
		}
	}
	return nil
}
