package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// txnOffset backs storeoffset's txnoffset category: a consume-transform-produce
// loop. Consumer A (auto commit off, read_committed) reads the 5 messages of
// t[0]; for each, a transactional producer begins a transaction, produces a
// copy to topic "out", sends offsets to the transaction with A's group
// metadata, and commits the transaction. A and the producer close; a new member
// of the group then reads what it is given.
//
// Handlers, the offsets sent for message m:
//   - own: []kafka.TopicPartition{m.TopicPartition} (the message's own offset);
//   - plus1: m.TopicPartition with Offset + 1;
//   - position: A's Position() of m's partition.
//
// Verdict: "sent [0@N]; committed C; restart at R": the offsets sent to the
// last transaction, the group's committed offset of t[0] after it, and where
// the new member starts; or the first transactional call that failed.
// librdkafka's mock cluster accepts TxnOffsetCommit and discards its offsets
// (rd_kafka_mock_handle_TxnOffsetCommit reads each CommittedOffset and stores
// nothing, on every version the proof builds), so C is "none" and R is 0 for
// every handler: the mock shows what is sent, not what a broker commits.
func txnOffset(o *Outcome) string {
	m := setup(o, 2)
	produce(o, m, 0, 5)
	if err := m.createTopic("out", 1); err != nil {
		return "SETUP " + err.Error()
	}
	cm := baseConfig(m)
	cm["enable.auto.commit"] = false
	cm["isolation.level"] = "read_committed"

	o.set("stage", "InitTransactions")
	p, err := kafka.NewProducer(&kafka.ConfigMap{"bootstrap.servers": m.bootstrap, "transactional.id": "proof-txn"})
	if err != nil {
		return "NewProducer: " + err.Error()
	}
	go func() {
		for e := range p.Events() {
			if msg, ok := e.(*kafka.Message); ok && msg.TopicPartition.Error != nil {
				o.errorf("produce: %v", msg.TopicPartition.Error)
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	if err := p.InitTransactions(ctx); err != nil {
		return "InitTransactions: " + errCode(err)
	}
	out := "out"
	a, verdict := readFive(o, cm, func(a *kafka.Consumer, msg *kafka.Message) string {
		o.set("stage", fmt.Sprintf("transaction of offset %d", msg.TopicPartition.Offset))
		if err := p.BeginTransaction(); err != nil {
			return "BeginTransaction: " + errCode(err)
		}
		err := p.Produce(&kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &out, Partition: kafka.PartitionAny}, Value: msg.Value}, nil)
		if err != nil {
			return "Produce: " + errCode(err)
		}
		var offsets []kafka.TopicPartition
		switch *flagHandler {
		case "own":
			offsets = []kafka.TopicPartition{msg.TopicPartition}
		case "plus1":
			next := msg.TopicPartition
			next.Offset++
			offsets = []kafka.TopicPartition{next}
		case "position":
			offsets, err = a.Position([]kafka.TopicPartition{msg.TopicPartition})
			if err != nil {
				return "Position: " + errCode(err)
			}
		default:
			return "bad handler"
		}
		o.set("sent", partsString(offsets))
		md, err := a.GetConsumerGroupMetadata()
		if err != nil {
			return "GetConsumerGroupMetadata: " + errCode(err)
		}
		if err := p.SendOffsetsToTransaction(ctx, offsets, md); err != nil {
			return "SendOffsetsToTransaction: " + errCode(err)
		}
		if err := p.CommitTransaction(ctx); err != nil {
			return "CommitTransaction: " + errCode(err)
		}
		return ""
	})
	if verdict != "" {
		return verdict
	}
	o.set("stage", "close")
	if !closeWithin(a, 15*time.Second) {
		return "A's Close did not return within 15s"
	}
	p.Close()

	first, err := restart(o, cm)
	if err != nil {
		return "NewConsumer (restart): " + err.Error()
	}
	o.mu.Lock()
	sent, committed := o.Detail["sent"], o.Detail["committed"]
	o.mu.Unlock()
	if committed == "" || strings.HasPrefix(committed, "-") {
		committed = "none"
	}
	at := fmt.Sprint(first)
	if first < 0 {
		at = "none (no message)"
	}
	return fmt.Sprintf("sent %s; committed %s; restart at %s", sent, committed, at)
}
