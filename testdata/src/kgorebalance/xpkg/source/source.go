// Package source is a connector's source in the shape of
// conduit-connector-kafka's (v0.8.0, v0.10.0): its client's options come
// from the common configuration's helper, whose fact gives them whole but
// for the options its setter adds, which this package never calls.
package source

import (
	"context"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"

	"kgorebalance/xpkg/common"
)

type Config struct {
	common.Config

	GroupID           string
	Topics            []string
	ReadFromBeginning bool
}

type FranzConsumer struct {
	client *kgo.Client
}

// NewFranzConsumer disables autocommit (the acker commits every 1000 acks)
// and registers no revoke callback.
func NewFranzConsumer(ctx context.Context, cfg Config) (*FranzConsumer, error) {
	opts := cfg.FranzClientOpts()
	opts = append(opts, []kgo.Opt{
		kgo.ConsumerGroup(cfg.GroupID),
		kgo.ConsumeTopics(cfg.Topics...),
	}...)
	if !cfg.ReadFromBeginning {
		opts = append(opts, kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd()))
	}
	if cfg.GroupID != "" {
		opts = append(opts, kgo.DisableAutoCommit()) // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback, register one that commits the processed offsets`
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("failed to create kafka client: %w", err)
	}
	return &FranzConsumer{client: cl}, nil
}

// Silent twin: the same consumer with a revoke callback that commits.
func NewFranzConsumerCommitting(ctx context.Context, cfg Config) (*FranzConsumer, error) {
	opts := cfg.FranzClientOpts()
	opts = append(opts, []kgo.Opt{
		kgo.ConsumerGroup(cfg.GroupID),
		kgo.ConsumeTopics(cfg.Topics...),
	}...)
	if cfg.GroupID != "" {
		opts = append(opts, kgo.DisableAutoCommit(), kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				fmt.Println(err)
			}
		}))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, err
	}
	return &FranzConsumer{client: cl}, nil
}

// Silent: the options of an exported field are anyone's.
func NewOpenConsumer(o common.Open, group string) (*kgo.Client, error) {
	opts := append(o.ClientOpts(), kgo.ConsumerGroup(group), kgo.DisableAutoCommit())
	return kgo.NewClient(opts...)
}

// Silent: the helper's package fills the field itself (a preset that blocks
// rebalances on poll).
func NewPresetConsumer(d common.Defaults, group string) (*kgo.Client, error) {
	opts := append(d.ClientOpts(), kgo.ConsumerGroup(group), kgo.DisableAutoCommit())
	return kgo.NewClient(opts...)
}
