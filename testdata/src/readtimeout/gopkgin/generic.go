package gopkgin

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// Generic consumers (issue 16, shape 5): worker made generic, its loops
// generic methods that nothing in the package calls (its users do).
type typedWorker[M any] struct {
	consumer *kafka.Consumer
	decode   func([]byte) (M, error)
}

func newTypedWorker[M any](cfg *kafka.ConfigMap, decode func([]byte) (M, error)) (*typedWorker[M], error) {
	c, err := kafka.NewConsumer(cfg)
	if err != nil {
		return nil, err
	}
	return &typedWorker[M]{consumer: c, decode: decode}, nil
}

func (w *typedWorker[M]) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := w.consumer.ReadMessage(time.Second)
		if err != nil {
			return err // want `return on any error of w\.consumer\.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`
		}
		if v, err := w.decode(msg.Value); err == nil {
			fmt.Println(v)
		}
	}
	return ctx.Err()
}

func (w *typedWorker[M]) RunChecked(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := w.consumer.ReadMessage(time.Second)
		if err != nil {
			var kerr kafka.Error
			if errors.As(err, &kerr) && kerr.Code() == kafka.ErrTimedOut {
				continue
			}
			return err
		}
		if v, err := w.decode(msg.Value); err == nil {
			fmt.Println(v)
		}
	}
	return ctx.Err()
}
