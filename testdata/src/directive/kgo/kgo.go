// Package kgo uses franz-go: the same directives, judged the same way.
package kgo

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
	//kafkalint:ignore kgocommit every polled record is processed at this point
	if err := cl.CommitUncommittedOffsets(ctx); err != nil {
		return err
	}
	/* want `^//kafkalint:ignore directive for kgocommit has no reason` */ //kafkalint:ignore kgocommit
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // reported
		return err
	}
	/* want `^//kafkalint:ignore directive names kgocomit, which is no analyzer of kafkalint` */ //kafkalint:ignore kgocomit a misspelt name
	if err := cl.CommitUncommittedOffsets(ctx); err != nil { // reported
		return err
	}
	/* want `^//kafkalint:ignore directive for kgocommit suppresses no report of kgocommit` */ //kafkalint:ignore kgocommit nothing here any more
	return cl.CommitMarkedOffsets(ctx)
}
