// Package old links a kgo without CommitMarkedOffsets (as v1.7.0): the report
// stays, the fix that calls it is not offered.
package old

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func commitAll(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { cl.MarkCommitRecords(r) })
	return cl.CommitUncommittedOffsets(ctx) // want `cl.CommitUncommittedOffsets on a client with kgo.AutoCommitMarks commits every polled offset, marked or not`
}
