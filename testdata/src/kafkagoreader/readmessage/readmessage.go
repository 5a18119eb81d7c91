// Package readmessage is run with -readmessage: ReadMessage on a group reader
// followed by processing that can fail.
package readmessage

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type order struct{ ID string }

func consume(ctx context.Context, brokers []string, store func(order) error) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "orders", Topic: "orders"})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want `r.ReadMessage on a group reader commits the message before it is processed, use FetchMessage and call CommitMessages after processing \(a processing error or a crash loses the message\)`
		if err != nil {
			return err
		}
		var o order
		if err := json.Unmarshal(m.Value, &o); err != nil {
			log.Printf("bad order: %v", err)
			continue
		}
		if err := store(o); err != nil {
			return err
		}
	}
}

// Silent twin: nothing after the read can fail (at-most-once logging).
func tail(ctx context.Context, brokers []string) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "audit", Topic: "audit"})
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		log.Printf("%s", m.Value)
	}
}

// Silent twin: a partition reader commits nothing.
func partition(ctx context.Context, brokers []string, store func(order) error) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "orders", Partition: 0})
	m, err := r.ReadMessage(ctx)
	if err != nil {
		return err
	}
	return store(order{ID: string(m.Key)})
}
