package wrapped

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// loggingConsumer adapts *kafka.Consumer to client and overrides Unassign to
// log; everything else is the consumer's own method.
type loggingConsumer struct {
	*kafka.Consumer
}

func (l loggingConsumer) Unassign() error {
	log.Print("unassigning")
	return l.Consumer.Unassign() // want `l\.Consumer\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation`
}

type pipeline struct {
	client client
}

func startPipeline(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "pipeline",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	p := &pipeline{client: loggingConsumer{c}}
	return c.SubscribeTopics([]string{"events"}, p.onRebalance)
}

func (p *pipeline) onRebalance(_ *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		return p.client.Unassign() // reported where the adapter unassigns
	}
	return nil
}

// manualCommitter has auto commit off but commits stored offsets itself with
// an offset-less Commit after every batch: stale stored offsets are committed
// by that Commit instead of the auto-committer.
type manualCommitter struct {
	c *kafka.Consumer
}

func newManualCommitter() (*manualCommitter, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                 "batch",
		"enable.auto.commit":       false,
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return nil, err
	}
	m := &manualCommitter{c: c}
	return m, c.SubscribeTopics([]string{"batch"}, m.rebalance)
}

func (m *manualCommitter) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok {
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler .*committed by the next Commit\(\)`
	}
	return nil
}

func (m *manualCommitter) batchDone(msgs []*kafka.Message) {
	for _, msg := range msgs {
		m.c.StoreMessage(msg)
	}
	m.c.Commit()
}
