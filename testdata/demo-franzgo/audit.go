package main

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// audit reads the audit topic with manual commits of its own offsets map.
func audit(ctx context.Context, brokers []string) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("audit"),
		kgo.ConsumeTopics("audit"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Printf("commit on revoke: %v, leaving", err)
				cl.Close()
			}
		}),
	)
	if err != nil {
		return err
	}
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		offsets := make(map[string]map[int32]kgo.EpochOffset)
		fs.EachRecord(func(r *kgo.Record) {
			log.Printf("audit %s", r.Value)
			if offsets[r.Topic] == nil {
				offsets[r.Topic] = make(map[int32]kgo.EpochOffset)
			}
			offsets[r.Topic][r.Partition] = kgo.EpochOffset{Epoch: r.LeaderEpoch, Offset: r.Offset}
		})
		cl.CommitOffsetsSync(ctx, offsets, nil)
	}
}
