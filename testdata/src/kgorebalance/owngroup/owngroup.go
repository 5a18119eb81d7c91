// Package owngroup holds consumers in groups of their own.
package owngroup

import (
	"context"

	"github.com/google/uuid"
	"github.com/twmb/franz-go/pkg/kgo"
)

// A probe in a group of its own: the group id is new at every start, no other
// member ever takes its partitions, and nothing it processed is read again by
// another member. Neither the missing revoke callback nor the one that only
// logs loses anything.
func probe(ctx context.Context, topic string) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("probe-"+uuid.New().String()),
		kgo.ConsumeTopics(topic),
		kgo.DisableAutoCommit(),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) {})
	return nil
}

func warmCache(topic string) (*kgo.Client, error) {
	group := "cache-" + uuid.NewString()
	return kgo.NewClient(
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {}),
	)
}

// The twin that is reported: a fixed group id, shared by every instance.
func probeShared(ctx context.Context, topic string) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("probe"),
		kgo.ConsumeTopics(topic),
		kgo.DisableAutoCommit(), // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback`
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) {})
	return nil
}
