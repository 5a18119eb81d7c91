package wrapped

import (
	"errors"
	"fmt"
	"log"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// Worker is the same shape done right: its revoke handler commits and
// invalidates through the interface, in a helper with real error handling.
type Worker struct {
	cm     kafka.ConfigMap
	client client
}

// NewWorker builds a Worker with the risky configuration.
func NewWorker(brokers string) (*Worker, error) {
	w := &Worker{cm: kafka.ConfigMap{"bootstrap.servers": brokers, "enable.auto.offset.store": false}}
	c, err := kafka.NewConsumer(&w.cm)
	if err != nil {
		return nil, err
	}
	w.client = c
	return w, w.client.SubscribeTopics([]string{"orders"}, w.rebalance)
}

func (w *Worker) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		if err := w.release(e.Partitions); err != nil {
			return err
		}
		return w.client.Unassign() // fine: committed and invalidated on every path that gets here
	}
	return nil
}

// release commits, then stores kafka.OffsetInvalid for the revoked partitions.
func (w *Worker) release(parts []kafka.TopicPartition) error {
	if _, err := w.client.Commit(); err != nil {
		var kerr kafka.Error
		if !errors.As(err, &kerr) || kerr.Code() != kafka.ErrNoOffset {
			return fmt.Errorf("commit: %w", err)
		}
	}
	invalid := make([]kafka.TopicPartition, len(parts))
	for i, tp := range parts {
		tp.Offset = kafka.OffsetInvalid
		invalid[i] = tp
	}
	if _, err := w.client.StoreOffsets(invalid); err != nil {
		return fmt.Errorf("invalidate: %w", err)
	}
	return nil
}

// ManualService turns auto commit off in its constructor, on every path: the
// options cannot turn it back on, and nothing commits stored offsets.
type ManualService struct {
	cm     kafka.ConfigMap
	client client
}

// NewManual builds a ManualService.
func NewManual(brokers string, opts ...func(*kafka.ConfigMap)) *ManualService {
	s := &ManualService{cm: kafka.ConfigMap{"bootstrap.servers": brokers, "enable.auto.offset.store": false}}
	s.cm.SetKey("enable.auto.commit", false)
	for _, o := range opts {
		o(&s.cm)
	}
	return s
}

// Run subscribes.
func (s *ManualService) Run() error {
	c, err := kafka.NewConsumer(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	return c.SubscribeTopics([]string{"t"}, func(_ *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return s.client.Unassign() // fine: auto commit is off on every path and nothing calls Commit
		}
		return nil
	})
}

// fatal logs and exits: a path through it never reaches the Unassign.
func fatal(format string, args ...any) {
	log.Fatalf(format, args...)
}

// StrictWorker stops the process when it cannot commit.
type StrictWorker struct {
	client  client
	closing bool
}

// NewStrictWorker builds a StrictWorker with the risky configuration.
func NewStrictWorker() (*StrictWorker, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "strict", "enable.auto.offset.store": false})
	if err != nil {
		return nil, err
	}
	w := &StrictWorker{client: c}
	return w, c.SubscribeTopics([]string{"t"}, w.rebalance)
}

func (w *StrictWorker) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		if w.closing {
			fatal("partitions revoked while closing")
		} else if _, err := w.client.Commit(); err != nil {
			fatal("commit: %v", err)
		}
		invalid := make([]kafka.TopicPartition, len(e.Partitions))
		for i, tp := range e.Partitions {
			tp.Offset = kafka.OffsetInvalid
			invalid[i] = tp
		}
		if _, err := w.client.StoreOffsets(invalid); err != nil {
			fatal("invalidate: %v", err)
		}
		return w.client.Unassign() // fine: the path without a commit ends in fatal
	}
	return nil
}

// LaxWorker only logs a failed commit and goes on: the Unassign runs without it.
type LaxWorker struct{ client client }

// NewLaxWorker builds a LaxWorker with the risky configuration.
func NewLaxWorker() (*LaxWorker, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "lax", "enable.auto.offset.store": false})
	if err != nil {
		return nil, err
	}
	w := &LaxWorker{client: c}
	return w, c.SubscribeTopics([]string{"t"}, w.rebalance)
}

func (w *LaxWorker) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		if err := w.release(); err != nil {
			log.Printf("release: %v", err)
		}
		return w.client.Unassign() // want `w\.client\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation`
	}
	return nil
}

// release commits but invalidates nothing.
func (w *LaxWorker) release() error {
	_, err := w.client.Commit()
	return err
}
