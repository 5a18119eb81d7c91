package v2

import (
	"context"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Generic consumers (issue 16, shape 5): the consumer is held in a generic
// struct made by a generic constructor, and read (and stored, or not) by
// generic methods that nothing in the package calls (its users do).

// lostTyped is forgetful made generic: it never stores.
type lostTyped[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newLostTyped[M any](brokers string, decode func([]byte) (M, error)) (*lostTyped[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `consumer with enable\.auto\.offset\.store=false never stores an offset \(no StoreOffsets or StoreMessage on it in this package\)`
		"bootstrap.servers":        brokers,
		"group.id":                 "audit",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	return &lostTyped[M]{c: c, decode: decode}, nil
}

func (t *lostTyped[M]) run(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(msg.Value); err == nil {
			log.Print(v)
		}
	}
}

// keptTyped stores what it handled, in a generic method: silent.
type keptTyped[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newKeptTyped[M any](brokers string, decode func([]byte) (M, error)) (*keptTyped[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "audit",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	return &keptTyped[M]{c: c, decode: decode}, nil
}

func (t *keptTyped[M]) run(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(msg.Value); err == nil {
			log.Print(v)
			t.c.StoreMessage(msg)
		}
	}
}
