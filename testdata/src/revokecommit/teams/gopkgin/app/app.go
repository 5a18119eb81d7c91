// Package app uses the team's helpers of other packages: kit's Committer
// helpers, and group's errgroup-like Group to run the workers.
package app

import (
	"revokecommit/teams/gopkgin/group"
	"revokecommit/teams/gopkgin/kit"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

func riskyConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "billing", "enable.auto.offset.store": false}
}

func releases(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if err := kit.Release(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine: kit.Release commits and invalidates
		}
		return nil
	})
}

func flushes(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			if err := kit.Flush(c); err != nil {
				return err
			}
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
		}
		return nil
	})
}

// processor runs its workers in a group.Group; they store offsets.
type processor struct {
	c    *kafka.Consumer
	g    *group.Group
	msgs chan *kafka.Message
}

func (p *processor) start(n int) {
	p.g = new(group.Group)
	p.msgs = make(chan *kafka.Message)
	for i := 0; i < n; i++ {
		p.g.Go(func() error {
			for m := range p.msgs {
				if _, err := p.c.StoreMessage(m); err != nil {
					return err
				}
			}
			return nil
		})
	}
}

// stop closes the input and waits for the workers.
func (p *processor) stop() error {
	close(p.msgs)
	return p.g.Wait()
}

func (p *processor) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.RevokedPartitions); ok {
		if err := p.stop(); err != nil {
			return err
		}
		if err := kit.Release(c, e.Partitions); err != nil {
			return err
		}
		return c.Unassign() // fine: the workers are done before the commit
	}
	return nil
}

func newProcessor(topics []string) *processor {
	c, _ := kafka.NewConsumer(riskyConfig())
	p := &processor{c: c}
	p.start(4)
	c.SubscribeTopics(topics, p.rebalance)
	return p
}

// hastyProcessor does not wait for its workers before the commit.
type hastyProcessor struct {
	c    *kafka.Consumer
	g    group.Group
	msgs chan *kafka.Message
}

func (p *hastyProcessor) start(n int) {
	p.msgs = make(chan *kafka.Message)
	for i := 0; i < n; i++ {
		p.g.Go(p.work)
	}
}

func (p *hastyProcessor) work() error {
	for m := range p.msgs {
		if _, err := p.c.StoreMessage(m); err != nil {
			return err
		}
	}
	return nil
}

func (p *hastyProcessor) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if e, ok := ev.(kafka.RevokedPartitions); ok {
		close(p.msgs)
		if err := kit.Release(c, e.Partitions); err != nil {
			return err
		}
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by waiting for the goroutines that store its offsets before the commit`
	}
	return nil
}

func newHastyProcessor(topics []string) *hastyProcessor {
	c, _ := kafka.NewConsumer(riskyConfig())
	p := &hastyProcessor{c: c}
	p.start(4)
	c.SubscribeTopics(topics, p.rebalance)
	return p
}

// closureProcessor starts its workers as closures and waits for none.
func closureProcessor(topics []string, msgs chan *kafka.Message) {
	c, _ := kafka.NewConsumer(riskyConfig())
	var g group.Group
	for i := 0; i < 4; i++ {
		g.Go(func() error {
			for m := range msgs {
				if _, err := c.StoreMessage(m); err != nil {
					return err
				}
			}
			return nil
		})
	}
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if err := kit.Release(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by waiting for the goroutines that store its offsets before the commit`
		}
		return nil
	})
}
