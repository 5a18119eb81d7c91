package v0

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

// One helper builds every reader of the program, each caller giving its own
// configuration (the shape of the runtime proof's kafka-go program): what one
// caller sets does not make another caller's reader right.

func newTopicReader(cfg kafka.ReaderConfig) *kafka.Reader {
	cfg.Brokers = []string{"localhost:9092"}
	cfg.Topic = "orders"
	cfg.MaxWait = 300 * time.Millisecond
	if cfg.GroupID != "" {
		cfg.SessionTimeout = 6 * time.Second
	}
	return kafka.NewReader(cfg) // want `kafka.NewReader without GroupID or Partition reads partition 0 only` `kafka.NewReader with StartOffset but without GroupID ignores it`
}

// StartOffset without GroupID, while another caller of the helper sets one.
func latestOrders(ctx context.Context) (kafka.Message, error) {
	r := newTopicReader(kafka.ReaderConfig{StartOffset: kafka.LastOffset})
	defer r.Close()
	return r.ReadMessage(ctx)
}

// Silent twin: the group reader, through the same helper.
func groupOrders(ctx context.Context) (kafka.Message, error) {
	r := newTopicReader(kafka.ReaderConfig{GroupID: "billing", StartOffset: kafka.LastOffset})
	defer r.Close()
	return r.ReadMessage(ctx)
}

// Silent twin: one partition, named, through the same helper.
func partitionOrders(ctx context.Context) (kafka.Message, error) {
	r := newTopicReader(kafka.ReaderConfig{Partition: 0})
	defer r.Close()
	return r.ReadMessage(ctx)
}

// One helper for readers that all join a group: the configurations its
// callers give all set GroupID.
func newGroupReader(cfg kafka.ReaderConfig) *kafka.Reader {
	cfg.Brokers = []string{"localhost:9092"}
	return kafka.NewReader(cfg)
}

// Silent twins: every caller of the helper sets GroupID.
func billingOrders(ctx context.Context) (kafka.Message, error) {
	r := newGroupReader(kafka.ReaderConfig{GroupID: "billing", Topic: "orders", StartOffset: kafka.LastOffset})
	defer r.Close()
	return r.ReadMessage(ctx)
}

func shippingOrders(ctx context.Context, group string) (kafka.Message, error) {
	cfg := kafka.ReaderConfig{Topic: "orders"}
	cfg.GroupID = group
	r := newGroupReader(cfg)
	defer r.Close()
	return r.ReadMessage(ctx)
}
