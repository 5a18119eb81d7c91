// Package periodic holds issue 33's first confluent case (category
// revokenocommit): auto commit off, Commit() every N messages, and a
// RevokedPartitions handler that gives the partitions up without committing.
package periodic

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// everyHundred commits after every 100th message; its rebalance callback
// unassigns without committing: up to 99 processed messages go to the next
// owner again.
func everyHundred(topics []string, process func(*kafka.Message)) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":           "orders",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	err = c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		switch ev.(type) {
		case kafka.AssignedPartitions:
			return nil
		case kafka.RevokedPartitions:
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit, on a consumer with enable\.auto\.commit=false that commits only when n % 100 == 0 \(periodic\.go:43\): the messages processed since that commit \(up to N-1 for a commit every N messages\) are delivered again to the partitions' next owner after every rebalance; call Commit\(\) before Unassign`
		}
		return nil
	})
	if err != nil {
		return err
	}
	n := 0
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		process(m)
		n++
		if n%100 == 0 {
			if _, err := c.Commit(); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}
}

// A service commits through helpers, as carwale's kafka package does: a
// counter that wraps at the interval, and a commit when it is back at 0.
type service struct {
	consumer *kafka.Consumer
	interval int
	since    int
	process  func(*kafka.Message)
}

func newService(interval int) (*service, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                        "billing",
		"enable.auto.commit":              false,
		"go.events.channel.enable":        true,
		"go.application.rebalance.enable": true,
	})
	if err != nil {
		return nil, err
	}
	return &service{consumer: c, interval: interval}, nil
}

func (s *service) forceCommit() { s.consumer.Commit() }

func (s *service) commitEvery() {
	s.since = (s.since + 1) % s.interval
	if s.since == 0 {
		s.forceCommit()
	}
}

func (s *service) run(stop chan struct{}) {
	s.consumer.SubscribeTopics([]string{"billing"}, nil)
	for {
		select {
		case <-stop:
			s.forceCommit()
			s.consumer.Close()
			return
		case ev := <-s.consumer.Events():
			switch e := ev.(type) {
			case *kafka.Message:
				s.process(e)
				s.commitEvery()
			case kafka.AssignedPartitions:
				s.consumer.Assign(e.Partitions)
			case kafka.RevokedPartitions:
				s.consumer.Unassign() // want `s\.consumer\.Unassign in RevokedPartitions handler is not preceded on every path by a commit, on a consumer with enable\.auto\.commit=false that commits only when s\.since == 0 \(periodic\.go:77\)`
			}
		}
	}
}

// batched commits when its batch is full, and unassigns incrementally.
func batched(topics []string, size int) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "batched",
		"enable.auto.commit":            false,
		"partition.assignment.strategy": "cooperative-sticky",
	})
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if err := c.IncrementalUnassign(e.Partitions); err != nil { // want `c\.IncrementalUnassign in RevokedPartitions handler is not preceded on every path by a commit, on a consumer with enable\.auto\.commit=false that commits only when len\(batch\) >= size`
				return err
			}
		}
		return nil
	})
	var batch []*kafka.Message
	for {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		batch = append(batch, m)
		if len(batch) >= size {
			c.CommitMessage(m)
			batch = batch[:0]
		}
	}
}
