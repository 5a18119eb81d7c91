package main

import (
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// readError backs readtimeout's category nilmessage (issue 33 item 4): what
// ReadMessage(-1), which never times out, returns when it does return with an
// error. Variants:
//   - brokers-down: bootstrap.servers is a closed port of 127.0.0.1 (all
//     brokers down); the first two ReadMessage(-1) calls, 20 s at most each.
//   - partition-eof: enable.partition.eof=true, the one message of t[0] read,
//     then ReadMessage(-1) at the end of the partition: does it return within
//     3 s? Then one more message is produced: what does the waiting call return?
//   - unknown-topic: subscribed to a topic the cluster does not have, with
//     allow.auto.create.topics left as it is; the first ReadMessage(-1), 20 s at
//     most.
//
// Verdict: each call's result as "nil, Code(n)" or "a message, Code(n)".
func readError(o *Outcome) string {
	switch *flagVariant {
	case "brokers-down":
		return readBrokersDown(o)
	case "partition-eof":
		return readPartitionEOF(o)
	case "unknown-topic":
		return readUnknownTopic(o)
	}
	return "unknown variant " + *flagVariant
}

// readResult is what one ReadMessage call returned.
type readResult struct {
	msg *kafka.Message
	err error
}

func (r readResult) String() string {
	s := "nil"
	if r.msg != nil {
		s = "a message"
		if r.msg.TopicPartition.Error != nil {
			s += " with TopicPartition.Error " + errCode(r.msg.TopicPartition.Error)
		}
	}
	return s + ", " + errCode(r.err)
}

// readAsync calls c.ReadMessage(-1) on a goroutine and returns its result's channel.
func readAsync(c *kafka.Consumer) <-chan readResult {
	ch := make(chan readResult, 1)
	go func() {
		msg, err := c.ReadMessage(-1)
		ch <- readResult{msg, err}
	}()
	return ch
}

// within waits at most d for ch; "" when nothing came.
func within(ch <-chan readResult, d time.Duration) string {
	select {
	case r := <-ch:
		return r.String()
	case <-time.After(d):
		return ""
	}
}

func readBrokersDown(o *Outcome) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "SETUP listen: " + err.Error()
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there any more
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers": addr,
		"group.id":          group,
		"auto.offset.reset": "earliest",
	})
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	c.SubscribeTopics([]string{topic}, nil)
	var calls []string
	for i := 0; i < 2; i++ {
		o.set("stage", fmt.Sprintf("call %d", i+1))
		r := within(readAsync(c), 20*time.Second)
		if r == "" {
			calls = append(calls, "no return within 20s")
			break
		}
		calls = append(calls, r)
	}
	// c is not closed: a ReadMessage(-1) may still be waiting on it.
	return "ReadMessage(-1), all brokers down: " + strings.Join(calls, "; ")
}

func readPartitionEOF(o *Outcome) string {
	m := setup(o, 1)
	produce(o, m, 0, 1)
	cm := baseConfig(m)
	cm["enable.partition.eof"] = true
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	c.SubscribeTopics([]string{topic}, nil)
	o.set("stage", "first message")
	first := within(readAsync(c), 20*time.Second)
	if first == "" {
		return "TIMEOUT: no first message"
	}
	if !strings.HasPrefix(first, "a message, nil") {
		return "first ReadMessage(-1): " + first
	}
	o.set("stage", "end of partition")
	ch := readAsync(c)
	verdict := "ReadMessage(-1) at the end of the partition: "
	if r := within(ch, 3*time.Second); r != "" {
		return verdict + r
	}
	verdict += "no return within 3s"
	o.set("stage", "next message")
	produce(o, m, 0, 1)
	if r := within(ch, 20*time.Second); r != "" {
		return verdict + "; then " + r
	}
	return verdict + "; then no return within 20s"
}

func readUnknownTopic(o *Outcome) string {
	m := setup(o, 1)
	cm := baseConfig(m)
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return "NewConsumer: " + err.Error()
	}
	c.SubscribeTopics([]string{"missing"}, nil)
	o.set("stage", "read")
	r := within(readAsync(c), 20*time.Second)
	if r == "" {
		r = "no return within 20s"
	}
	return "ReadMessage(-1), subscribed to a missing topic: " + r
}
