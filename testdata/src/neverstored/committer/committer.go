// Package committer commits through an interface whose implementations other
// packages provide: the consumer with auto commit off is not reported, and the
// one that never stores is (an untraced Commit cannot store).
package committer

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Committer is implemented by the caller's consumer wrapper.
type Committer interface {
	Commit() ([]kafka.TopicPartition, error)
}

// Flush commits whatever c is.
func Flush(c Committer) error {
	_, err := c.Commit()
	return err
}

func manual(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "manual",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	for {
		if _, err := c.ReadMessage(time.Second); err != nil {
			continue
		}
	}
}

func neverStores(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `never stores an offset`
		"bootstrap.servers":        brokers,
		"group.id":                 "auto",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	for {
		if _, err := c.ReadMessage(time.Second); err != nil {
			continue
		}
	}
}
