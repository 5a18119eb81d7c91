package gopkgin

import (
	"context"
	"log"
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// Handlers that commit and invalidate inside closures: run by a retry helper
// or called on the spot, the closure's calls count where it runs. Each has a
// buggy twin: a helper that does not call its argument, a loop that may not
// run, a closure only stored or started on a goroutine, a missing step.

// withRetry calls f until it succeeds, at most three times: at least once.
func withRetry(f func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = f(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// withBackoff hands f on to withRetry, which runs it.
func withBackoff(f func() error) error {
	log.Print("committing with backoff")
	return withRetry(f)
}

// whileAlive calls f while ctx is not done: perhaps never.
func whileAlive(ctx context.Context, f func() error) error {
	for ctx.Err() == nil {
		if err := f(); err == nil {
			return nil
		}
	}
	return ctx.Err()
}

// schedule only keeps f for later: it does not call it.
func schedule(f func() error) error {
	pending = append(pending, f)
	return nil
}

var pending []func() error

func retryClosures(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			if err := withRetry(func() error { _, err := c.Commit(); return err }); err != nil {
				log.Print(err)
			}
			if err := withRetry(func() error {
				invalid := make([]kafka.TopicPartition, len(e.Partitions))
				for i, tp := range e.Partitions {
					tp.Offset = kafka.OffsetInvalid
					invalid[i] = tp
				}
				_, err := c.StoreOffsets(invalid)
				return err
			}); err != nil {
				log.Print(err)
			}
			return c.Unassign() // fine: committed and invalidated, each inside a retried closure
		}
		return nil
	})
}

func retryClosuresWithoutInvalidate(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.RevokedPartitions:
			if err := withRetry(func() error { _, err := c.Commit(); return err }); err != nil {
				log.Print(err)
			}
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
		}
		return nil
	})
}

func retryPreparedOffsets(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			invalid := make([]kafka.TopicPartition, len(e.Partitions))
			for i, tp := range e.Partitions {
				tp.Offset = kafka.OffsetInvalid
				invalid[i] = tp
			}
			err := withBackoff(func() error {
				if _, err := c.Commit(); err != nil {
					return err
				}
				_, err := c.StoreOffsets(invalid)
				return err
			})
			if err != nil {
				log.Print(err)
			}
			return c.Unassign() // fine: the retried closure commits and stores the offsets invalidated before it
		}
		return nil
	})
}

func scheduledClosure(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			invalid := make([]kafka.TopicPartition, len(e.Partitions))
			for i, tp := range e.Partitions {
				tp.Offset = kafka.OffsetInvalid
				invalid[i] = tp
			}
			schedule(func() error {
				if _, err := c.Commit(); err != nil {
					return err
				}
				_, err := c.StoreOffsets(invalid)
				return err
			})
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}

func whileAliveClosure(ctx context.Context, topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			whileAlive(ctx, func() error {
				if _, err := c.Commit(); err != nil {
					return err
				}
				for _, tp := range e.Partitions {
					tp.Offset = kafka.OffsetInvalid
					if _, err := c.StoreOffsets([]kafka.TopicPartition{tp}); err != nil {
						return err
					}
				}
				return nil
			})
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}

func calledClosure(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			func() {
				c.Commit()
				for _, tp := range e.Partitions {
					tp.Offset = kafka.OffsetInvalid
					c.StoreOffsets([]kafka.TopicPartition{tp})
				}
			}()
			return c.Unassign() // fine: the closure runs on the spot
		}
		return nil
	})
}

func storedAndSpawnedClosures(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			release := func() {
				c.Commit()
				for _, tp := range e.Partitions {
					tp.Offset = kafka.OffsetInvalid
					c.StoreOffsets([]kafka.TopicPartition{tp})
				}
			}
			go release()
			go func() { release() }()
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
		}
		return nil
	})
}
