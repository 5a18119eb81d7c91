package fix

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

const bigTimeout int64 = 45000

func consumer() {
	cfg := kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.comit":               false,                           // want `did you mean "enable.auto.commit"`
		`auto.offset.rest`:                "earliest",                      // want `did you mean "auto.offset.reset"`
		"session.timeout.ms":              int64(30000),                    // want `Invalid value type int64`
		"max.poll.interval.ms":            bigTimeout * 10,                 // want `Invalid value type int64`
		"heartbeat.interval.ms":           3 * time.Second,                 // want `becomes "3s"`
		"fetch.wait.max.ms":               float64(100),                    // want `Invalid value type float64`
		"partition.assignment.strategy":   []string{"range", "roundrobin"}, // want `Invalid value type \[\]string`
		"go.application.rebalance.enable": "true",                          // want `expects type bool, not string`
		"go.events.channel.size":          "100",                           // want `expects type int, not string`
		"auto.commit.enable":              true,                            // want `use "enable.auto.commit" instead`
	}
	cfg.Set("go.events.channel.enable=false") // want `set through Set is a string`
	cfg.Set("fetch.min.byte=1")               // want `did you mean "fetch.min.bytes"`
	kafka.NewConsumer(&cfg)
}

func producer() {
	kafka.NewProducer(&kafka.ConfigMap{
		"linger.ms":               0.5,        // want `Invalid value type float64`
		"go.produce.channel.size": uint(1000), // want `expects type int, not uint`
	})
}
