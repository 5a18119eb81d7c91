package v1

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/twmb/franz-go/pkg/kgo"
)

// apm-queue v1.0.0's consumer (kafka/consumer.go): autocommit off, a
// goroutine per partition gets the partition's records from EachPartition
// and commits the last one it processed. At least once, a record whose
// processing fails is logged and skipped, and the commit of a later record of
// the partition commits past it: it is never retried.

type deliveryType int

const (
	atLeastOnce deliveryType = iota
	atMostOnce
)

type queueRecord struct {
	Topic       string
	OrderingKey []byte
	Value       []byte
}

type processor interface {
	Process(ctx context.Context, records ...queueRecord) error
}

type fieldLogger interface {
	Error(msg string, fields ...any)
	Info(msg string, fields ...any)
}

type deadLetters interface {
	Send(ctx context.Context, r *kgo.Record, err error) error
}

type apmConsumer struct {
	ctx       context.Context
	delivery  deliveryType
	processor processor
	logger    fieldLogger
	dlq       deadLetters
	failures  int
}

func (c *apmConsumer) consumeTopicPartition(client *kgo.Client, records <-chan []*kgo.Record, topic string) {
	for records := range records {
		// Store the last processed record. Default to -1 for cases where
		// only the first record is received.
		last := -1
		for i, msg := range records {
			record := queueRecord{Topic: topic, OrderingKey: msg.Key, Value: msg.Value}
			// If a record can't be processed, no retries are attempted and it
			// may be lost. https://github.com/elastic/apm-queue/issues/118.
			if err := c.processor.Process(msg.Context, record); err != nil {
				c.logger.Error("data loss: unable to process event", err, msg.Offset)
				switch c.delivery {
				case atLeastOnce:
					continue // want `record msg is skipped after its processing failed \(the branch only logs\), and client.CommitRecords commits a record processed after it: once a later record of its partition is committed, the failed record is never retried \(franz-go commits, per partition, the offset after the highest record given\)`
				}
			}
			last = i
		}
		if c.delivery == atLeastOnce && last >= 0 {
			lastRecord := records[last]
			if err := client.CommitRecords(c.ctx, lastRecord); err != nil {
				c.logger.Error("unable to commit records", err, lastRecord.Offset)
			} else if len(records) > 0 {
				c.logger.Info("committed", lastRecord.Offset)
			}
		}
	}
}

// The records processed, collected and committed after the loop; the branch
// counts the failure and logs.
func (c *apmConsumer) commitProcessed(ctx context.Context, client *kgo.Client) {
	fs := client.PollFetches(ctx)
	var done []*kgo.Record
	for _, r := range fs.Records() {
		if err := c.processor.Process(ctx, queueRecord{Value: r.Value}); err != nil {
			c.failures++
			c.logger.Error("process", err)
			continue // want `record r is skipped after its processing failed \(the branch only logs\), and client.CommitRecords commits a record processed after it`
		}
		done = append(done, r)
	}
	if err := client.CommitRecords(ctx, done...); err != nil {
		c.logger.Error("commit", err)
	}
}

// The failed record falls out of the branch, and only the else collects the
// processed ones.
func (c *apmConsumer) commitInElse(ctx context.Context, client *kgo.Client) {
	var done []*kgo.Record
	client.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		if err := c.processor.Process(ctx, queueRecord{Value: r.Value}); err != nil { // want `record r is left uncommitted after its processing failed \(the branch only logs\), and client.CommitRecords commits a record processed after it`
			c.logger.Error("process", err)
		} else {
			done = append(done, r)
		}
	})
	client.CommitRecords(ctx, done...)
}

// Silent twin: the failed record goes to a dead-letter queue before the loop
// moves on.
func (c *apmConsumer) deadLetter(client *kgo.Client, records []*kgo.Record) {
	last := -1
	for i, msg := range records {
		if err := c.processor.Process(msg.Context, queueRecord{Value: msg.Value}); err != nil {
			c.logger.Error("unable to process event", err)
			if err := c.dlq.Send(c.ctx, msg, err); err != nil {
				return // not committed: redelivered
			}
			continue
		}
		last = i
	}
	if last >= 0 {
		client.CommitRecords(c.ctx, records[last])
	}
}

// Silent twin: the processing is retried before the record is given up.
func (c *apmConsumer) retried(client *kgo.Client, records []*kgo.Record) {
	last := -1
	for i, msg := range records {
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			if err = c.processor.Process(msg.Context, queueRecord{Value: msg.Value}); err == nil {
				break
			}
		}
		if err != nil {
			c.logger.Error("giving up", err)
			continue
		}
		last = i
	}
	if last >= 0 {
		client.CommitRecords(c.ctx, records[last])
	}
}

// Silent twin: an error ends the loop, and nothing after the failed record is
// committed.
func (c *apmConsumer) returnOnError(client *kgo.Client, records []*kgo.Record) error {
	for _, msg := range records {
		if err := c.processor.Process(msg.Context, queueRecord{Value: msg.Value}); err != nil {
			c.logger.Error("unable to process event", err)
			return err
		}
		if err := client.CommitRecords(c.ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// Silent twin (the runtime proof's fix): the loop stops at the failed record
// and commits the last one before it, so that the failed record is delivered
// again.
func (c *apmConsumer) stopAtFailure(client *kgo.Client, records []*kgo.Record) {
	last := -1
	for i, msg := range records {
		if err := c.processor.Process(msg.Context, queueRecord{Value: msg.Value}); err != nil {
			c.logger.Error("unable to process event", err)
			break
		}
		last = i
	}
	if last >= 0 {
		client.CommitRecords(c.ctx, records[last])
	}
}

// Silent twin: the failed record is committed on purpose, in the branch: the
// program drops it and says so.
func (c *apmConsumer) dropOnPurpose(ctx context.Context, client *kgo.Client) {
	client.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		if err := c.processor.Process(ctx, queueRecord{Value: r.Value}); err != nil {
			c.logger.Error("dropping a poison record", err)
			client.CommitRecords(ctx, r) // dropped: never retried, on purpose
			return
		}
		client.CommitRecords(ctx, r)
	})
}

// Silent twin: a record that does not decode is skipped: no retry can help it.
func (c *apmConsumer) malformed(client *kgo.Client, records []*kgo.Record) {
	var done []*kgo.Record
	for _, msg := range records {
		var v map[string]any
		if err := json.Unmarshal(msg.Value, &v); err != nil {
			c.logger.Error("malformed record", err)
			continue
		}
		done = append(done, msg)
	}
	client.CommitRecords(c.ctx, done...)
}

// Silent twin: the batch is committed as a whole, the failed record with it:
// the program commits what it polled, whatever became of each record.
func (c *apmConsumer) commitBatch(client *kgo.Client, records []*kgo.Record) {
	for _, msg := range records {
		if err := c.processor.Process(msg.Context, queueRecord{Value: msg.Value}); err != nil {
			c.logger.Error("unable to process event", err)
			continue
		}
	}
	client.CommitRecords(c.ctx, records...)
}

// Silent twin: a failed commit is the error checked, not a failed processing.
func (c *apmConsumer) commitError(client *kgo.Client, records []*kgo.Record) {
	last := -1
	for i, msg := range records {
		if err := client.CommitRecords(c.ctx, msg); err != nil {
			c.logger.Error("commit", err)
			continue
		}
		last = i
	}
	if last >= 0 {
		client.CommitRecords(c.ctx, records[last])
	}
}

// Without AutoCommitMarks the mark does nothing: marknoop says so, and no
// record is skipped by it.
func markNoop(ctx context.Context, process func(*kgo.Record) error, logger fieldLogger) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"))
	if err != nil {
		return err
	}
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		if err := process(r); err != nil {
			logger.Error("process", err)
			return
		}
		cl.MarkCommitRecords(r) // want `cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks`
	})
	return errors.New("done")
}

// A partition's records, each marked as it is processed (AutoCommitMarks): the
// mark of the next record passes the failed one.
func markEachPartition(ctx context.Context, process func(context.Context, *kgo.Record) error, logger fieldLogger) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	cl.PollFetches(ctx).EachPartition(func(p kgo.FetchTopicPartition) {
		for _, r := range p.Records {
			if err := process(ctx, r); err != nil {
				logger.Error("process", err, r.Offset)
				continue // want `record r is skipped after its processing failed \(the branch only logs\), and cl.MarkCommitRecords marks a record processed after it: once a later record of its partition is marked`
			}
			cl.MarkCommitRecords(r)
		}
	})
	return nil
}

// Silent twin: the failed records are kept to be processed again before the
// next poll.
func markKeepFailed(ctx context.Context, process func(context.Context, *kgo.Record) error, logger fieldLogger) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	var again []*kgo.Record
	cl.PollFetches(ctx).EachPartition(func(p kgo.FetchTopicPartition) {
		for _, r := range p.Records {
			if err := process(ctx, r); err != nil {
				logger.Error("process, again later", err)
				again = append(again, r)
				continue
			}
			cl.MarkCommitRecords(r)
		}
	})
	_ = again
	return nil
}
