package v2

import (
	"os"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type level int

func consumerLiteral() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":               "localhost:9092",
		"group.id":                        "orders",
		"enable.auto.comit":               false,             // want `unknown configuration property "enable.auto.comit" \(did you mean "enable.auto.commit"\?\) \(librdkafka rejects it: NewConsumer fails\)`
		"session.timeout.ms":              int64(30000),      // want `value of type int64 for "session.timeout.ms" is not a string, bool or int \(NewConsumer fails: Invalid value type int64\)`
		"go.application.rebalance.enable": "true",            // want `"go.application.rebalance.enable" is given a string, the Go client expects a bool \(NewConsumer fails: expects type bool, not string\)`
		"auto.offset.reset":               "first",           // want `invalid value "first" for "auto.offset.reset", want one of`
		"acks":                            "all",             // want `producer property "acks" set on a consumer \(librdkafka ignores it with a warning\)`
		"enable.partition.eof":            "yes",             // want `invalid boolean "yes" for "enable.partition.eof", want true or false \(librdkafka rejects it: NewConsumer fails\)`
		"max.poll.interval.ms":            0,                 // want `value 0 for "max.poll.interval.ms" is outside its range 1..86400000`
		"heartbeat.interval.ms":           3 * time.Second,   // want `time.Duration value for "heartbeat.interval.ms" becomes "3s" through its String method`
		"fetch.wait.max.ms":               float64(100),      // want `value of type float64 for "fetch.wait.max.ms"`
		"partition.assignment.strategy":   []string{"range"}, // want `value of type \[\]string for "partition.assignment.strategy"`
		"statistics.interval.ms":          level(5),          // want `value of type v2.level for "statistics.interval.ms"`
		"debug":                           "cgrp,nonsense",   // want `invalid value "nonsense" in "cgrp,nonsense" for "debug"`
		"socket.blocking.max.ms":          100,               // want `deprecated configuration property "socket.blocking.max.ms" is no longer used`
		"auto.commit.enable":              true,              // want `deprecated configuration property "auto.commit.enable", use "enable.auto.commit" instead`
		"default.topic.config": kafka.ConfigMap{
			"enable.auto.commit": true,       // want `deprecated topic property "enable.auto.commit" in default.topic.config, set "enable.auto.commit" in the top-level map instead`
			"session.timeout.ms": 6000,       // want `unknown configuration property "session.timeout.ms" \(not a topic property, librdkafka rejects it: NewConsumer fails\)`
			"auto.offset.reset":  "earliest", // fine: a topic property
		},
		"go.events.channel.enabled": true, // want `unknown configuration property "go.events.channel.enabled" \(did you mean "go.events.channel.enable"\?\)`
		"go.delivery.reports":       true, // want `configuration property "go.delivery.reports" is not one NewConsumer extracts, librdkafka does not know it \(NewConsumer fails\)`
	})
}

// goodConsumer sets every kind of value the client accepts.
func goodConsumer(servers string, timeout int) {
	kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":                  servers,            // not a constant: not checked
		"group.id":                           os.Getenv("GROUP"), // not a constant
		"enable.auto.commit":                 "TRUE",             // librdkafka parses booleans case-insensitively
		"enable.auto.offset.store":           "0",
		"session.timeout.ms":                 timeout,
		"auto.offset.reset":                  "Earliest",
		"go.application.rebalance.enable":    true,
		"go.events.channel.size":             100,
		"group.protocol":                     "consumer",      // a property of newer librdkafka versions
		"topic.metadata.refresh.interval.ms": kafka.OffsetEnd, // a Stringer
		"default.topic.config": kafka.ConfigMap{
			"auto.offset.reset": "smallest",
		},
	})
}

func setKeyAndSet() {
	cfg := kafka.ConfigMap{"group.id": "g"}
	cfg.SetKey("fetch.min.byte", 1)                 // want `unknown configuration property "fetch.min.byte" \(did you mean "fetch.min.bytes"\?\)`
	cfg.Set("go.application.rebalance.enable=true") // want `"go.application.rebalance.enable" set through Set is a string, the Go client expects a bool \(NewConsumer fails: expects type bool, not string\)`
	cfg.Set("check.crcs=maybe")                     // want `invalid boolean "maybe" for "check.crcs"`
	cfg["queued.min.messages"] = uint(10)           // want `value of type uint for "queued.min.messages"`
	kafka.NewConsumer(&cfg)
}

func producer() {
	kafka.NewProducer(&kafka.ConfigMap{
		"bootstrap.servers":         "localhost:9092",
		"acks":                      "all", // fine: librdkafka maps "all" to -1
		"linger.ms":                 "0.5",
		"group.id":                  "g",         // want `consumer property "group.id" set on a producer \(librdkafka ignores it with a warning\)`
		"go.delivery.reports":       "false",     // want `"go.delivery.reports" is given a string, the Go client expects a bool \(NewProducer fails`
		"go.produce.channel.size":   int64(1000), // want `"go.produce.channel.size" is given a int64, the Go client expects a int`
		"go.delivery.report.fields": "key,value",
		"compression.codec":         "brotli", // want `invalid value "brotli" for "compression.codec", want one of none, gzip, snappy, lz4, zstd \(librdkafka rejects it: NewProducer fails\)`
	})
}

func admin() {
	kafka.NewAdminClient(&kafka.ConfigMap{
		"bootstrap.servers":      "localhost:9092",
		"go.logs.channel.enable": true, // want `configuration property "go.logs.channel.enable" is not one NewAdminClient extracts, librdkafka does not know it \(NewAdminClient fails\)`
		"session.timeout.ms":     6000, // want `consumer property "session.timeout.ms" set on an admin client`
	})
}

// shared reaches a consumer and a producer: role mismatches are not reported,
// but a go.* key one of them rejects is.
func shared() {
	base := kafka.ConfigMap{
		"bootstrap.servers":  "localhost:9092",
		"group.id":           "g",    // fine: the map also reaches a consumer
		"linger.ms":          10,     // fine: the map also reaches a producer
		"enable.idempotence": "true", // fine
	}
	kafka.NewConsumer(&base)
	kafka.NewProducer(&base)
}

// helperConfig builds a map that a client of this package uses: reported at the
// entry, in the helper.
func helperConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "g", "fetch.max.byte": 100} // want `unknown configuration property "fetch.max.byte" \(did you mean "fetch.max.bytes"\?\)`
}

func useHelper() { kafka.NewConsumer(helperConfig()) }

// neverUsed builds a map that reaches no client of the package: not checked.
func neverUsed() kafka.ConfigMap {
	return kafka.ConfigMap{"no.such.property": 1}
}

// fromParameter cannot see where cfg was built: not checked.
func fromParameter(cfg *kafka.ConfigMap) {
	cfg.SetKey("group.id", "g")
	kafka.NewConsumer(cfg)
}

func unknownType(v interface{}) {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "session.timeout.ms": v}) // interface value: not checked
}

func suppressed() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id": "g",
		//kafkalint:ignore configkey set for a patched librdkafka
		"my.custom.property": 1,
	})
}

// Options write into a map held in a struct field; a wrong key in an option is
// reported whether or not a caller applies it.
type consumerService struct{ cm kafka.ConfigMap }

type serviceOption func(*consumerService)

func withFetchMin(n int) serviceOption {
	return func(s *consumerService) { s.cm["fetch.min.byte"] = n } // want `unknown configuration property "fetch.min.byte" \(did you mean "fetch.min.bytes"\?\)`
}

func withGroup(g string) serviceOption {
	return func(s *consumerService) { s.cm["group.id"] = g } // fine
}

func newConsumerService(opts ...serviceOption) (*kafka.Consumer, error) {
	s := &consumerService{cm: kafka.ConfigMap{"bootstrap.servers": "localhost"}}
	for _, o := range opts {
		o(s)
	}
	return kafka.NewConsumer(&s.cm)
}

// One map configured per mode on two branches (go-kafkacat's shape): the
// consumer's go.* settings never reach the producer, and the producer's
// property never reaches the consumer.
var modeConf = kafka.ConfigMap{}

func runMode(mode string, brokers string) {
	modeConf["bootstrap.servers"] = brokers
	switch mode {
	case "produce":
		modeConf["linger.ms"] = 5 // fine: only the producer gets it
		kafka.NewProducer(&modeConf)
	case "consume":
		modeConf["group.id"] = "g"
		modeConf["go.events.channel.enable"] = true // fine: only the consumer gets it
		kafka.NewConsumer(&modeConf)
	}
}
