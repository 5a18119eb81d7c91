package periodic

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Silent twins of periodic.go: each differs from a reported case in the one
// thing that makes it safe.

// commitsFirst: the handler commits before it unassigns.
func commitsFirst(topics []string, process func(*kafka.Message)) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "first", "enable.auto.commit": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			c.Commit()
			return c.Unassign()
		}
		return nil
	})
	for n := 1; ; n++ {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
			if n%100 == 0 {
				c.Commit()
			}
		}
	}
}

// autoCommit: auto commit on (the default); librdkafka commits the stored
// offsets on the revoke itself.
func autoCommit(topics []string, process func(*kafka.Message)) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "auto"})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign()
		}
		return nil
	})
	for n := 1; ; n++ {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
			if n%100 == 0 {
				c.Commit()
			}
		}
	}
}

// everyMessage commits each message once processed: nothing processed is
// uncommitted when the revoke comes (N=1).
func everyMessage(topics []string, process func(*kafka.Message)) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "each", "enable.auto.commit": false})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign()
		}
		return nil
	})
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		process(m)
		c.CommitMessage(m)
	}
}

// A flusher's handler calls a helper that commits before it unassigns.
type flusher struct {
	c       *kafka.Consumer
	pending int
}

func (f *flusher) flush() error {
	_, err := f.c.Commit()
	f.pending = 0
	return err
}

func (f *flusher) run(topics []string, process func(*kafka.Message)) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "flusher", "enable.auto.commit": false})
	f.c = c
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			if err := f.flush(); err != nil {
				return err
			}
			return c.Unassign()
		}
		return nil
	})
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			process(m)
			f.pending++
			if f.pending >= 50 {
				f.flush()
			}
		}
	}
}
