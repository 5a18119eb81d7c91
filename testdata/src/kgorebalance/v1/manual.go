package v1

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Autocommit disabled, commits after each poll, nothing on revoke.
func pollCommit(ctx context.Context) error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.ConsumeTopics("t"),
		kgo.DisableAutoCommit(), // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback, register one that commits the processed offsets \(the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's\)`
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Options chosen on a branch: the disabled autocommit may reach the client.
func configured(manual bool) (*kgo.Client, error) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g")}
	if manual {
		opts = append(opts, kgo.DisableAutoCommit()) // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback`
	}
	return kgo.NewClient(opts...)
}

// Silent twin: a revoke callback that commits.
func manualRevoke() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitUncommittedOffsets(ctx)
		}),
	)
}

// Silent twin: BlockRebalanceOnPoll.
func manualBlocking() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
}
