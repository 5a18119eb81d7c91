package v0

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// The configuration is built from the helper's parameters, and one caller
// gives no group: that reader commits nothing and reads partition 0 only.
func eventReader(url, topic, groupID string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{ // want `kafka.NewReader without GroupID or Partition reads partition 0 only`
		Brokers:  []string{url},
		Topic:    topic,
		GroupID:  groupID,
		MinBytes: 10e3,
	})
}

func tailEvents(ctx context.Context, url string) error {
	r := eventReader(url, "events", "")
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		log.Printf("%s", m.Value)
	}
}

func auditEvents(ctx context.Context, url string) error {
	r := eventReader(url, "events", "audit")
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}

// Silent twin: every caller gives a group, a constant or a value the
// package cannot see.
func groupConsumer(url, topic, groupID string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers: []string{url},
		Topic:   topic,
		GroupID: groupID,
	})
}

func billingEvents(ctx context.Context, url string) error {
	r := groupConsumer(url, "events", "billing")
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}

func GroupEvents(ctx context.Context, url, group string) error {
	r := groupConsumer(url, "events", group)
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}
