package v1

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Records handed to a worker and marked when processed, on a client without
// AutoCommitMarks: the goroutine-per-partition shape.
type pipeline struct {
	cl   *kgo.Client
	work chan *kgo.Record
	done chan *kgo.Record
}

func newPipeline(brokers []string) (*pipeline, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
	if err != nil {
		return nil, err
	}
	return &pipeline{cl: cl, work: make(chan *kgo.Record), done: make(chan *kgo.Record)}, nil
}

func (p *pipeline) acks() {
	for r := range p.done {
		p.cl.MarkCommitRecords(r) // want `p.cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks, add the option to the client \(the marks are dropped, and autocommit commits what was polled, processed or not\)`
	}
}

// Autocommit disabled: the marks and CommitMarkedOffsets both do nothing.
func manualMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) {
		cl.MarkCommitRecords(r) // want `cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks, add the option to the client \(the marks are dropped, and CommitMarkedOffsets commits nothing\)`
	})
	return cl.CommitMarkedOffsets(ctx) // want `cl.CommitMarkedOffsets does nothing on a client without kgo.AutoCommitMarks`
}

// Silent twin: AutoCommitMarks from an options helper.
func markOpts() []kgo.Opt {
	return []kgo.Opt{kgo.ConsumerGroup("g"), kgo.AutoCommitMarks()}
}

func marked(ctx context.Context) error {
	cl, err := kgo.NewClient(markOpts()...)
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) { cl.MarkCommitRecords(r) })
	return cl.CommitMarkedOffsets(ctx)
}

// Silent twin: the options come from the caller.
func Marker(ctx context.Context, opts ...kgo.Opt) error {
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		return err
	}
	cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) { cl.MarkCommitRecords(r) })
	return nil
}

// Silent twin: a client from a parameter.
func MarkOn(cl *kgo.Client, r *kgo.Record) { cl.MarkCommitRecords(r) }
