// Package syntax writes ConfigMap entries in every shape kafkaconfig reads;
// each "syntax:" comment says what Setting.Syntax holds for the entry whose
// value (or Set argument) starts on its line.
package syntax

import (
	"kafkaconfig/plain/lib"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

const groupKey = "group.id"

func literal() {
	_, _ = kafka.NewConsumer(&kafka.ConfigMap{
		groupKey:             "orders", // syntax: key groupKey value "orders"
		"enable.auto.commit": (false),  // syntax: key "enable.auto.commit" value false
		"default.topic.config": kafka.ConfigMap{ // syntax: key "default.topic.config" value kafka.ConfigMap{…}
			"auto.offset.reset": "earliest", // syntax: key "auto.offset.reset" value "earliest"
		},
	})
}

func writes() {
	m := kafka.ConfigMap{groupKey: "orders"}       // syntax: key groupKey value "orders"
	_ = m.SetKey("bootstrap.servers", "localhost") // syntax: key "bootstrap.servers" value "localhost"
	_ = m.Set("client.id=app")                     // syntax: set m.Set("client.id=app") key "client.id=app"
	m["session.timeout.ms"] = 6000                 // syntax: key "session.timeout.ms" value 6000
	(m["socket.timeout.ms"]) = 100                 // syntax: key "socket.timeout.ms" value 100
	_, _ = kafka.NewProducer(&m)
}

func fromFacts() {
	cfg := lib.Base() // entries set in lib: no syntax here
	_, _ = kafka.NewConsumer(cfg)
}
