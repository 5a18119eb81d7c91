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
				return         // want `record r is skipped after its processing failed \(the branch only logs\), and cl.MarkCommitRecords marks a record processed after it: once a later record of its partition is marked, the failed record is never retried \(franz-go commits, per partition, the offset after the highest record given\)`
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

// Silent twin: the marks are chosen on one branch, CommitUncommittedOffsets
// runs on the other (franz-go's examples/group_committing has this shape).
func byStyle(ctx context.Context, style int) error {
	opts := []kgo.Opt{kgo.ConsumerGroup("g")}
	switch style {
	case 1:
		opts = append(opts, kgo.DisableAutoCommit())
	case 2:
		opts = append(opts, kgo.AutoCommitMarks())
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	switch style {
	case 1:
		return cl.CommitUncommittedOffsets(ctx)
	case 2:
		fs.EachRecord(func(r *kgo.Record) { cl.MarkCommitRecords(r) })
	}
	return nil
}

// The marks from a helper that always adds them.
func withMarks(opts ...kgo.Opt) []kgo.Opt {
	return append(opts, kgo.AutoCommitMarks())
}

func helperMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(withMarks(kgo.ConsumerGroup("g"))...)
	if err != nil {
		return err
	}
	cl.PollFetches(ctx)
	return cl.CommitUncommittedOffsets(ctx) // want `cl.CommitUncommittedOffsets on a client with kgo.AutoCommitMarks commits every polled offset`
}
