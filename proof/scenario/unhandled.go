package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// unhandledRebalance backs issue 19's "rebalance events nobody handles": with
// go.application.rebalance.enable=true and no rebalance callback, the
// application reads events but has no case for AssignedPartitions and
// RevokedPartitions, so it never calls Assign or Unassign.
//
// Variants: poll (Poll loop) or events (go.events.channel.enable=true, the
// Events() channel). Handlers:
//   - messages-only: the loop counts *kafka.Message and ignores every other
//     event (the rebalance events it gets are counted as ignored);
//   - never-read (events only): the application never reads Events().
//
// The consumer runs for 10 s on 10 messages (5 on each of t[0], t[1]), then
// closes without reading anything more.
//
// Verdict: "msgs N; ignored <events>; Close returned" or "...; Close did not
// return within 15s".
func unhandledRebalance(o *Outcome) string {
	events := *flagVariant == "events"
	if !events && *flagHandler == "never-read" {
		return "bad handler"
	}
	m := setup(o, 2)
	produce(o, m, 0, 5)
	produce(o, m, 1, 5)
	cm := baseConfig(m)
	cm["go.application.rebalance.enable"] = true
	if events {
		cm["go.events.channel.enable"] = true
	}
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	if err := c.SubscribeTopics([]string{topic}, nil); err != nil {
		return "SubscribeTopics: " + err.Error()
	}
	var (
		mu      sync.Mutex
		msgs    int
		ignored []string
	)
	seen := func(ev kafka.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch ev.(type) {
		case *kafka.Message:
			msgs++
		case kafka.AssignedPartitions, kafka.RevokedPartitions:
			ignored = append(ignored, evName(ev))
			o.logf("application ignores %s", evName(ev))
		}
	}
	o.set("stage", "consume")
	end := time.Now().Add(10 * time.Second)
	switch {
	case *flagHandler == "never-read":
		time.Sleep(time.Until(end))
	case *flagHandler != "messages-only":
		return "bad handler"
	case events:
		for time.Now().Before(end) {
			select {
			case ev := <-c.Events():
				seen(ev)
			case <-time.After(100 * time.Millisecond):
			}
		}
	default:
		for time.Now().Before(end) {
			if ev := c.Poll(100); ev != nil {
				seen(ev)
			}
		}
	}
	o.set("stage", "close")
	start := time.Now()
	closed := closeWithin(c, 15*time.Second)
	if closed {
		o.set("closeSeconds", fmt.Sprintf("%.0f", time.Since(start).Seconds()))
	}
	mu.Lock()
	defer mu.Unlock()
	verdict := fmt.Sprintf("msgs %d; ignored %s; ", msgs, seq(ignored))
	if *flagHandler == "never-read" {
		verdict = "msgs - (never read); "
	}
	if !closed {
		return verdict + "Close did not return within 15s"
	}
	return verdict + "Close returned"
}
