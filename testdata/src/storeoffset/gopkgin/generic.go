package gopkgin

import (
	"context"
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// Generic consumers (issue 16, shape 5): the consumer is held in a generic
// struct, made by a generic constructor, and stored by a generic method that
// nothing in the package calls (its users do). Reported as ingest is.
type Typed[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newTyped[M any](cfg *kafka.ConfigMap, decode func([]byte) (M, error)) (*Typed[M], error) {
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	return &Typed[M]{c: c, decode: decode}, nil
}

func decodeString(b []byte) (string, error) { return string(b), nil }

func newTypedIngest() (*Typed[string], error) {
	return newTyped(&kafka.ConfigMap{"group.id": "ingest"}, decodeString)
}

func (t *Typed[M]) Run(ctx context.Context, handle func(M) error) {
	for ctx.Err() == nil {
		m, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(m.Value); err == nil && handle(v) == nil {
			t.c.StoreMessage(m) // want `t\.c\.StoreMessage on a consumer with enable\.auto\.offset\.store=true \(the default\) fails with ErrInvalidArg and stores nothing`
		}
	}
}

// ManualTyped turns the automatic store off: its stores work, and the one
// that stores the message's own offset is reported.
type ManualTyped[M any] struct {
	c      *kafka.Consumer
	decode func([]byte) (M, error)
}

func newManualTyped[M any](decode func([]byte) (M, error)) (*ManualTyped[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ingest", "enable.auto.offset.store": false})
	if err != nil {
		return nil, err
	}
	return &ManualTyped[M]{c: c, decode: decode}, nil
}

func (t *ManualTyped[M]) Run(ctx context.Context, handle func(M) error) {
	for ctx.Err() == nil {
		m, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(m.Value); err == nil && handle(v) == nil {
			t.c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `t\.c\.StoreOffsets stores the offset of message m itself, not the next one`
		}
	}
}

func (t *ManualTyped[M]) RunNext(ctx context.Context, handle func(M) error) {
	for ctx.Err() == nil {
		m, err := t.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if v, err := t.decode(m.Value); err == nil && handle(v) == nil {
			tp := m.TopicPartition
			tp.Offset++
			t.c.StoreOffsets([]kafka.TopicPartition{tp}) // fine: the next offset, on a consumer that stores by hand
		}
	}
}

// embeddedTyped is a generic adapter that embeds the consumer: its promoted
// methods are the consumer's.
type embeddedTyped[M any] struct {
	*kafka.Consumer
	decode func([]byte) (M, error)
}

func newEmbeddedTyped[M any](decode func([]byte) (M, error)) (*embeddedTyped[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "embedded"})
	if err != nil {
		return nil, err
	}
	return &embeddedTyped[M]{Consumer: c, decode: decode}, nil
}

func (e *embeddedTyped[M]) run() {
	for {
		m, err := e.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if _, err := e.decode(m.Value); err == nil {
			e.StoreMessage(m) // want `e\.StoreMessage on a consumer with enable\.auto\.offset\.store=true \(the default\) fails with ErrInvalidArg`
		}
	}
}

// storer is the program's view of the consumer, a type parameter's
// constraint.
type storer interface {
	ReadMessage(timeout time.Duration) (*kafka.Message, error)
	StoreMessage(m *kafka.Message) ([]kafka.TopicPartition, error)
}

// constrained holds its consumer as a type parameter.
type constrained[C storer] struct {
	c C
}

func newConstrained() (*constrained[*kafka.Consumer], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "constrained"})
	if err != nil {
		return nil, err
	}
	return &constrained[*kafka.Consumer]{c: c}, nil
}

func (r *constrained[C]) run() {
	for {
		m, err := r.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		r.c.StoreMessage(m) // want `r\.c\.StoreMessage on a consumer with enable\.auto\.offset\.store=true \(the default\) fails with ErrInvalidArg`
	}
}
