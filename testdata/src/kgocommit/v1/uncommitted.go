package v1

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func markThenCommitAll(ctx context.Context, process func(*kgo.Record) error) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			if err := process(r); err != nil {
				log.Print(err) // not marked: to be retried
				return
			}
			cl.MarkCommitRecords(r)
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil { // want `cl.CommitUncommittedOffsets on a client with kgo.AutoCommitMarks commits every polled offset, marked or not, use CommitMarkedOffsets \(records polled but not yet processed are committed as consumed\)`
			return err
		}
	}
}

// Silent twin: without AutoCommitMarks, CommitUncommittedOffsets after
// processing is the documented loop.
func commitAll(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	cl.PollFetches(ctx).EachRecord(func(*kgo.Record) {})
	return cl.CommitUncommittedOffsets(ctx)
}
