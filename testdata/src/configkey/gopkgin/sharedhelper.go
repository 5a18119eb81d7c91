package gopkgin

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

// Reduced from milvus' streaming WAL builder (pkg/v2
// streaming/walimpls/impls/kafka: builder.go, opener.go, wal.go; the
// real-world corpus): the producer's and the consumer's maps each start from
// a fresh map that the same helper returns, and each gets its own settings;
// the consumer's map is kept in a struct and cloned for each reader. A helper
// that makes a map afresh on each call is one map object for every call of
// it: the consumer's writes are not the producer's.

type walSettings struct {
	address, protocol string
	producerExtra     map[string]string
	consumerExtra     map[string]string
}

type walBuilder struct{ cfg *walSettings }

type walOpener struct {
	p              *kafka.Producer
	consumerConfig kafka.ConfigMap
}

func (b *walBuilder) build() (*walOpener, error) {
	producerConfig, consumerConfig := b.producerConfig(), b.consumerConfig()
	p, err := kafka.NewProducer(&producerConfig)
	if err != nil {
		return nil, err
	}
	return &walOpener{p: p, consumerConfig: consumerConfig}, nil
}

func (b *walBuilder) producerConfig() kafka.ConfigMap {
	cm := walBasicConfig(b.cfg)
	cm.SetKey("compression.codec", "zstd")
	cm.SetKey("linger.ms", 5)
	for k, v := range b.cfg.producerExtra {
		cm.SetKey(k, v)
	}
	return cm
}

func (b *walBuilder) consumerConfig() kafka.ConfigMap {
	cm := walBasicConfig(b.cfg)
	cm.SetKey("allow.auto.create.topics", true)
	cm.SetKey("auto.offset.reset", "earliest") // the consumer's own map: fine
	for k, v := range b.cfg.consumerExtra {
		cm.SetKey(k, v)
	}
	return cm
}

func walBasicConfig(cfg *walSettings) kafka.ConfigMap {
	cm := kafka.ConfigMap{
		"bootstrap.servers": cfg.address,
		"socket.timeout.ms": 10000,
	}
	if cfg.protocol != "" {
		cm.SetKey("security.protocol", cfg.protocol)
	}
	return cm
}

func walClone(cm kafka.ConfigMap) kafka.ConfigMap {
	out := make(kafka.ConfigMap)
	for k, v := range cm {
		out[k] = v
	}
	return out
}

func (o *walOpener) read(group string) (*kafka.Consumer, error) {
	cm := walClone(o.consumerConfig)
	cm.SetKey("group.id", group)
	return kafka.NewConsumer(&cm)
}

// The twin that is wrong: the consumer's setting written into the producer's
// own map, by the producer's helper or by the caller after the helper returns.

func (b *walBuilder) producerConfigWrong() kafka.ConfigMap {
	cm := walBasicConfig(b.cfg)
	cm.SetKey("auto.offset.reset", "earliest") // want `consumer property "auto.offset.reset" set on a producer`
	return cm
}

func (b *walBuilder) buildWrong() (*kafka.Producer, error) {
	producerConfig := b.producerConfigWrong()
	producerConfig.SetKey("enable.auto.commit", false) // want `consumer property "enable.auto.commit" set on a producer`
	return kafka.NewProducer(&producerConfig)
}
