package v0

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// The tutorial shape without the group: partition 0 only.
func consume(ctx context.Context, brokers []string) {
	r := kafka.NewReader(kafka.ReaderConfig{ // want `kafka.NewReader without GroupID or Partition reads partition 0 only, set GroupID to consume every partition or Partition to name the one \(the topic's other partitions are never read\)`
		Brokers:  brokers,
		Topic:    "orders",
		MinBytes: 10e3,
		MaxBytes: 10e6,
	})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		log.Printf("%s", m.Value)
	}
}

// Silent twins: a group, and an explicit partition.
func consumeGroup(brokers []string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "orders", Topic: "orders"})
}

func consumePartition(brokers []string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "orders", Partition: 0})
}

// A helper returns the configuration; the group is chosen by a flag and may
// be empty on no path of the package.
func readerConfig(brokers []string, topic string) kafka.ReaderConfig {
	return kafka.ReaderConfig{
		Brokers:     brokers,
		Topic:       topic,
		StartOffset: kafka.LastOffset,
	}
}

func tail(brokers []string) *kafka.Reader {
	return kafka.NewReader(readerConfig(brokers, "events")) // want `kafka.NewReader without GroupID or Partition reads partition 0 only` `kafka.NewReader with StartOffset but without GroupID ignores it, call SetOffset on the reader instead \(a reader without GroupID starts at FirstOffset\)`
}

// Silent twin: the group set on the variable after the helper.
func tailGroup(brokers []string, group string) *kafka.Reader {
	cfg := readerConfig(brokers, "events")
	cfg.GroupID = group
	return kafka.NewReader(cfg)
}

// Silent twin: the configuration comes from the caller.
func NewReader(cfg kafka.ReaderConfig) *kafka.Reader {
	return kafka.NewReader(cfg)
}

// Silent twin: a function may set the fields through the pointer.
func configured(brokers []string, setup func(*kafka.ReaderConfig)) *kafka.Reader {
	cfg := kafka.ReaderConfig{Brokers: brokers, Topic: "t"}
	setup(&cfg)
	return kafka.NewReader(cfg)
}

// Silent twin: StartOffset FirstOffset is where the reader starts anyway.
func fromStart(brokers []string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "t", Partition: 1, StartOffset: kafka.FirstOffset})
}
