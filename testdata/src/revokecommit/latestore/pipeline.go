// Package latestore has consumers whose offsets are stored by worker
// goroutines. Before v1.9.0 a store that arrives after the revoke is accepted
// and committed later, and committing and invalidating before Unassign does
// not stop it (measured on librdkafka's mock cluster): the handler must first
// wait for the workers.
package latestore

import (
	"sync"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

func riskyConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "pipeline", "enable.auto.offset.store": false}
}

// pipeline hands messages to workers that store offsets when done.
type pipeline struct {
	c    *kafka.Consumer
	jobs chan *kafka.Message
	wg   sync.WaitGroup
}

func (p *pipeline) worker() {
	defer p.wg.Done()
	for m := range p.jobs {
		p.c.StoreMessage(m)
	}
}

func (p *pipeline) start(n int) {
	for i := 0; i < n; i++ {
		p.wg.Add(1)
		go p.worker()
	}
}

func (p *pipeline) release(parts []kafka.TopicPartition) {
	p.c.Commit()
	invalid := make([]kafka.TopicPartition, len(parts))
	for i, tp := range parts {
		tp.Offset = kafka.OffsetInvalid
		invalid[i] = tp
	}
	p.c.StoreOffsets(invalid)
}

func newCommitsWithoutWaiting() *pipeline {
	c, _ := kafka.NewConsumer(riskyConfig())
	p := &pipeline{c: c, jobs: make(chan *kafka.Message)}
	p.start(4)
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			p.release(e.Partitions)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by waiting for the goroutines that store its offsets before the commit \(version unknown, v1\.8\.2 or later: before v1\.9\.0 offsets stored after the revoke by work still in flight are accepted and auto-committed later, .*wait for that work first, or upgrade to v1\.9\.0`
		}
		return nil
	})
	return p
}

func newOnlyUnassigns() *pipeline {
	c, _ := kafka.NewConsumer(riskyConfig())
	p := &pipeline{c: c, jobs: make(chan *kafka.Message)}
	p.start(4)
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets, after waiting for the goroutines that store its offsets`
		}
		return nil
	})
	return p
}

// drained waits for the workers, then commits and invalidates.
type drained struct{ pipeline }

func newDrains() *drained {
	c, _ := kafka.NewConsumer(riskyConfig())
	d := &drained{pipeline{c: c, jobs: make(chan *kafka.Message)}}
	d.start(4)
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			close(d.jobs)
			d.wg.Wait()
			d.release(e.Partitions)
			return c.Unassign() // fine: the workers are done before the commit
		}
		return nil
	})
	return d
}

// handshake stops its single worker and waits on a channel.
type handshake struct {
	c    *kafka.Consumer
	stop chan struct{}
	done chan struct{}
}

func (h *handshake) run(msgs <-chan *kafka.Message) {
	for {
		select {
		case m := <-msgs:
			h.c.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset + 1}})
		case <-h.stop:
			h.done <- struct{}{}
			return
		}
	}
}

func newHandshake(msgs <-chan *kafka.Message) *handshake {
	c, _ := kafka.NewConsumer(riskyConfig())
	h := &handshake{c: c, stop: make(chan struct{}), done: make(chan struct{})}
	go h.run(msgs)
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			h.stop <- struct{}{}
			<-h.done
			c.Commit()
			invalid := make([]kafka.TopicPartition, len(e.Partitions))
			for i, tp := range e.Partitions {
				tp.Offset = kafka.OffsetInvalid
				invalid[i] = tp
			}
			c.StoreOffsets(invalid)
			return c.Unassign() // fine: the worker acknowledged the stop before the commit
		}
		return nil
	})
	return h
}

// inline stores on the goroutine that runs the handler: commit and
// invalidate are enough there.
func inline() {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics([]string{"t"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			c.Commit()
			invalid := make([]kafka.TopicPartition, len(e.Partitions))
			for i, tp := range e.Partitions {
				tp.Offset = kafka.OffsetInvalid
				invalid[i] = tp
			}
			c.StoreOffsets(invalid)
			return c.Unassign() // fine
		}
		return nil
	})
	for {
		m, err := c.ReadMessage(-1)
		if err == nil {
			c.StoreMessage(m)
		}
	}
}
