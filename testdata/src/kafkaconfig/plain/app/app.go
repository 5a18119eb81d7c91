// Package app uses lib's configurations and hands lib its own: every answer
// below comes from lib's facts, read after kafkaconfig's run returned.
package app

import (
	"kafkaconfig/plain/lib"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func producer() (*kafka.Producer, error) {
	cfg := lib.Base()
	_ = cfg.SetKey("acks", "all")
	return kafka.NewProducer(cfg) // want `client NewProducer: complete \{acks=all enable\.auto\.offset\.store=false group\.id=orders\}`
}

func handOver() error {
	cfg := lib.Base()
	_ = cfg.SetKey("enable.auto.commit", true)
	return lib.Run(cfg) // want `ConfigOf lib\.Run: complete \{enable\.auto\.commit=true enable\.auto\.offset\.store=false group\.id=orders\}`
}

func settings() (*kafka.Consumer, error) {
	s := lib.Settings{AutoCommit: true}
	return kafka.NewConsumer(s.ConfigMap()) // want `client NewConsumer: complete \{enable\.auto\.commit=true group\.id=orders\}`
}

func worker() (*lib.Worker, error) {
	c, err := lib.NewConsumer()
	if err != nil {
		return nil, err
	}
	return &lib.Worker{Consumer: c}, nil // want `FieldWrites Consumer: consumers lib\.NewConsumer@29`
}

func unknown(cfg *kafka.ConfigMap) error {
	return lib.Run(cfg) // want `ConfigOf lib\.Run: unknown`
}

func store() *lib.Worker {
	cfg := lib.Base()
	_ = cfg.SetKey("enable.auto.commit", false)
	// The store into another package's exported field is the use: the writes
	// before it on every path are entries.
	return &lib.Worker{Config: cfg} // want `FieldWrites Config: complete \{enable\.auto\.commit=false enable\.auto\.offset\.store=false group\.id=orders\}`
}

func rendered() (*kafka.Consumer, error) {
	s := lib.Consumer{ManualStore: true, CommitIntervalMs: 5000}
	return kafka.NewConsumer(s.ConfigMap()) // want `client NewConsumer: complete \{enable\.auto\.commit=true enable\.auto\.offset\.store=false group\.id=orders\}`
}
