package gopkgin

import (
	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// Generic consumers (issue 16, shape 5): worker made generic, its loops
// generic methods that nothing in the package calls (its users do).
type typedWorker[M any] struct {
	consumer *kafka.Consumer
	decode   func([]byte) (M, error)
	handle   func(M)
}

func newTypedWorker[M any](topics []string, decode func([]byte) (M, error)) (*typedWorker[M], error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	if err != nil {
		return nil, err
	}
	if err := c.SubscribeTopics(topics, nil); err != nil {
		return nil, err
	}
	return &typedWorker[M]{consumer: c, decode: decode}, nil
}

func (w *typedWorker[M]) loop() {
	for {
		switch e := w.consumer.Poll(100).(type) {
		case *kafka.Message:
			if v, err := w.decode(e.Value); err == nil {
				w.handle(v)
			}
		case kafka.RevokedPartitions: // want `RevokedPartitions case on w\.consumer\.Poll events never matches`
			drain()
		}
	}
}

// loopMessages handles the events Poll does return: silent.
func (w *typedWorker[M]) loopMessages() {
	for {
		switch e := w.consumer.Poll(100).(type) {
		case *kafka.Message:
			if v, err := w.decode(e.Value); err == nil {
				w.handle(v)
			}
		case kafka.Error:
			drain()
		}
	}
}
