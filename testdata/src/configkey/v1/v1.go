package v1

import "github.com/confluentinc/confluent-kafka-go/kafka"

func consumer() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "g",
		"enable.auto.comit":               false,                // want `unknown configuration property "enable.auto.comit" \(did you mean "enable.auto.commit"\?\)`
		"some.removed.property":           1,                    // fine on v1: its librdkafka may have known it
		"go.application.rebalance.enable": "true",               // want `expects type bool, not string`
		"session.timeout.ms":              int64(30000),         // want `Invalid value type int64`
		"go.logs.chanel.enable":           true,                 // want `unknown configuration property "go.logs.chanel.enable" \(did you mean "go.logs.channel.enable"\?\)`
		"enable.auto.offset.store":        false,                // fine
		"auto.offset.reset":               "earliest",           // fine
		"partition.assignment.strategy":   "cooperative-sticky", // fine
	})
}

func producer() {
	p := kafka.ConfigMap{}
	p.Set("go.batch.producer=true")  // want `"go.batch.producer" set through Set is a string`
	p.Set("enable.idempotence=true") // fine: librdkafka reads the string
	kafka.NewProducer(&p)
}
