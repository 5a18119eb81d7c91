package v0

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// The program's own configuration struct carries the group: a caller that
// leaves GroupID out gets a reader of partition 0 that commits nothing.
type consumerConfig struct {
	Brokers []string
	Topic   string
	GroupID string
}

func newOrderConsumer(cfg consumerConfig) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{ // want `kafka.NewReader without GroupID or Partition reads partition 0 only`
		Brokers: cfg.Brokers,
		Topic:   cfg.Topic,
		GroupID: cfg.GroupID,
	})
}

func replayOrders(ctx context.Context, brokers []string) error {
	r := newOrderConsumer(consumerConfig{Brokers: brokers, Topic: "orders"})
	defer r.Close()
	m, err := r.ReadMessage(ctx)
	if err != nil {
		return err
	}
	log.Printf("%s", m.Value)
	return nil
}

func processOrders(ctx context.Context, brokers []string) error {
	r := newOrderConsumer(consumerConfig{Brokers: brokers, Topic: "orders", GroupID: "orders"})
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}

// The same through a method of a pointer to the configuration.
type subscription struct {
	brokers []string
	topic   string
	group   string
}

func (s *subscription) reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{ // want `kafka.NewReader without GroupID or Partition reads partition 0 only`
		Brokers: s.brokers,
		Topic:   s.topic,
		GroupID: s.group,
	})
}

func tailPayments(ctx context.Context, brokers []string) error {
	s := &subscription{brokers: brokers, topic: "payments", group: ""}
	r := s.reader()
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}

// Silent twin: every caller names a group, or gives a configuration the
// package cannot see.
type groupConfig struct {
	Brokers []string
	Topic   string
	GroupID string
}

func newGroupConsumer(cfg groupConfig) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers: cfg.Brokers,
		Topic:   cfg.Topic,
		GroupID: cfg.GroupID,
	})
}

func shipments(ctx context.Context, brokers []string) error {
	r := newGroupConsumer(groupConfig{Brokers: brokers, Topic: "shipments", GroupID: "shipping"})
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}

func Invoices(ctx context.Context, cfg groupConfig) error {
	r := newGroupConsumer(cfg)
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}

func refunds(ctx context.Context, brokers []string, group string) error {
	cfg := groupConfig{Brokers: brokers, Topic: "refunds"}
	cfg.GroupID = group
	r := newGroupConsumer(cfg)
	defer r.Close()
	_, err := r.ReadMessage(ctx)
	return err
}
