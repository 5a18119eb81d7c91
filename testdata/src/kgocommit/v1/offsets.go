package v1

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A map built per batch from the records' own offsets.
func commitBatch(ctx context.Context, cl *kgo.Client, records []*kgo.Record) {
	offsets := make(map[string]map[int32]kgo.EpochOffset)
	for _, r := range records {
		if offsets[r.Topic] == nil {
			offsets[r.Topic] = make(map[int32]kgo.EpochOffset)
		}
		offsets[r.Topic][r.Partition] = kgo.EpochOffset{Epoch: r.LeaderEpoch, Offset: r.Offset} // want `EpochOffset of a record's own offset passed to cl.CommitOffsetsSync, use r.Offset \+ 1 \(the committed offset is the next one to read: the record is consumed again after a restart or rebalance\)`
	}
	cl.CommitOffsetsSync(ctx, offsets, nil)
}

// One record, a nested literal, marked.
func markOne(cl *kgo.Client, last *kgo.Record) {
	cl.MarkCommitOffsets(map[string]map[int32]kgo.EpochOffset{
		last.Topic: {last.Partition: {last.LeaderEpoch, last.Offset}}, // want `EpochOffset of a record's own offset passed to cl.MarkCommitOffsets, use last.Offset \+ 1`
	})
}

// The inner map in a variable.
func commitOne(ctx context.Context, cl *kgo.Client, r *kgo.Record) {
	partitions := map[int32]kgo.EpochOffset{r.Partition: {Epoch: -1, Offset: r.Offset}} // want `EpochOffset of a record's own offset passed to cl.CommitOffsets, use r.Offset \+ 1`
	cl.CommitOffsets(ctx, map[string]map[int32]kgo.EpochOffset{r.Topic: partitions}, nil)
}

// Silent twins: the next offset, and SetOffsets, which seeks to the record
// (to consume it again).
func commitNext(ctx context.Context, cl *kgo.Client, r *kgo.Record) {
	cl.CommitOffsetsSync(ctx, map[string]map[int32]kgo.EpochOffset{
		r.Topic: {r.Partition: {Epoch: r.LeaderEpoch, Offset: r.Offset + 1}},
	}, nil)
}

func replay(cl *kgo.Client, r *kgo.Record) {
	cl.SetOffsets(map[string]map[int32]kgo.EpochOffset{
		r.Topic: {r.Partition: {Epoch: r.LeaderEpoch, Offset: r.Offset}},
	})
}
