// Package v1 holds neverstored cases against the v1 stub: consumers that store
// or commit somewhere in the package (silent), that never do (reported), and
// that go where the package cannot follow them (silent).
package v1

import (
	"context"
	"log"
	"net/http"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// offsetStorer is the program's own view of the consumer for its workers.
type offsetStorer interface {
	StoreMessage(m *kafka.Message) ([]kafka.TopicPartition, error)
}

type pipeline struct {
	consumer *kafka.Consumer
	done     chan *kafka.Message
}

func newPipeline(brokers string) (*pipeline, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "billing",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	return &pipeline{consumer: c, done: make(chan *kafka.Message)}, nil
}

func (p *pipeline) run(ctx context.Context) {
	go ack(p.consumer, p.done)
	for ctx.Err() == nil {
		msg, err := p.consumer.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		go func() { p.done <- msg }()
	}
}

// ack stores what the workers finished, through the program's interface.
func ack(s offsetStorer, done <-chan *kafka.Message) {
	for m := range done {
		if _, err := s.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

// forgetful is the same pipeline whose acknowledger only logs.
type forgetful struct {
	consumer *kafka.Consumer
}

func newForgetful(brokers string) (*forgetful, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `consumer with enable\.auto\.offset\.store=false never stores an offset \(no StoreOffsets or StoreMessage on it in this package\): its auto commit commits nothing, lag grows, and every restart or rebalance starts again from auto\.offset\.reset`
		"bootstrap.servers":        brokers,
		"group.id":                 "audit",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	return &forgetful{consumer: c}, nil
}

func (f *forgetful) run(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := f.consumer.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		log.Printf("audit %s", msg.Value)
	}
}

// healthy hands its consumer to net/http inside a handler: what happens to it
// there is out of sight.
type healthy struct {
	c *kafka.Consumer
}

func (h healthy) ServeHTTP(w http.ResponseWriter, r *http.Request) {}

func serveWithHealth(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "health",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	http.Handle("/health", healthy{c: c})
	for {
		if _, err := c.ReadMessage(time.Second); err != nil {
			return err
		}
	}
}

// readOnly turns auto commit off and only reads.
func readOnly(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `consumer with enable\.auto\.commit=false never commits \(no Commit, CommitOffsets or CommitMessage on it in this package\): nothing is ever committed, lag grows, and every restart or rebalance starts again from auto\.offset\.reset`
		"bootstrap.servers":  brokers,
		"group.id":           "reader",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		log.Print(string(msg.Value))
	}
}

// readAndCommit is its twin that commits every message.
func readAndCommit(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "reader2",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if _, err := c.CommitMessage(msg); err != nil {
			return err
		}
	}
}

// commitsNothing commits, but what it commits is only ever the stored
// offsets, and it stores none.
func commitsNothing(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `consumer with enable\.auto\.offset\.store=false never stores an offset \(no StoreOffsets or StoreMessage on it in this package\): its Commit\(\) commits nothing`
		"bootstrap.servers":        brokers,
		"group.id":                 "batches",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	for {
		if _, err := c.ReadMessage(-1); err != nil {
			return err
		}
		if _, err := c.Commit(); err != nil {
			return err
		}
	}
}

// storesThenCommits is its twin.
func storesThenCommits(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "batches2",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		if _, err := c.StoreOffsets([]kafka.TopicPartition{{Topic: msg.TopicPartition.Topic, Partition: msg.TopicPartition.Partition, Offset: msg.TopicPartition.Offset + 1}}); err != nil {
			return err
		}
		if _, err := c.Commit(); err != nil {
			return err
		}
	}
}

// autoCommitWithStore is the recommended combination, with the store.
func autoCommitWithStore(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "recommended",
		"enable.auto.commit":       true,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		c.StoreMessage(msg)
	}
}

// intervalZero disables auto commit through its interval: not the case of
// either rule.
func intervalZero(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "zero",
		"auto.commit.interval.ms":  0,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	_, err = c.ReadMessage(-1)
	return err
}

// intervalZeroMs disables auto commit too: librdkafka reads "0ms" as 0.
func intervalZeroMs(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "zero",
		"auto.commit.interval.ms":  "0ms",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	_, err = c.ReadMessage(-1)
	return err
}

// intervalMs keeps auto commit on: librdkafka reads "100ms" as 100.
func intervalMs(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `consumer with enable\.auto\.offset\.store=false never stores an offset`
		"bootstrap.servers":        brokers,
		"group.id":                 "ms",
		"auto.commit.interval.ms":  "100ms",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	_, err = c.ReadMessage(-1)
	return err
}

// NewReader hands the consumer to the caller: it may store elsewhere.
func NewReader(brokers string) (*kafka.Consumer, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "lib",
		"enable.auto.offset.store": false,
	})
}

// replay keeps its offsets elsewhere and seeks to them.
func replay(brokers string, from kafka.Offset) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "replay",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	topic := "events"
	if err := c.Assign([]kafka.TopicPartition{{Topic: &topic, Partition: 0, Offset: from}}); err != nil {
		return err
	}
	_, err = c.ReadMessage(-1)
	return err
}
