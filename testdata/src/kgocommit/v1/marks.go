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

// Autocommit disabled: the marks and CommitMarkedOffsets both do nothing, and
// adding AutoCommitMarks is no fix: NewClient refuses it beside
// DisableAutoCommit (the runtime proof's marksmanual).
func manualMarks(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	fs.EachRecord(func(r *kgo.Record) {
		cl.MarkCommitRecords(r) // want `cl.MarkCommitRecords does nothing on a client with kgo.DisableAutoCommit, commit the records with CommitRecords or use kgo.AutoCommitMarks instead of DisableAutoCommit \(marks need AutoCommitMarks, which NewClient refuses beside DisableAutoCommit: nothing marked is committed\)`
	})
	return cl.CommitMarkedOffsets(ctx) // want `cl.CommitMarkedOffsets does nothing on a client with kgo.DisableAutoCommit, commit the records with CommitRecords`
}

// Silent twin: autocommit disabled, the processed records committed.
func manualCommit(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	fs := cl.PollFetches(ctx)
	var done []*kgo.Record
	fs.EachRecord(func(r *kgo.Record) { done = append(done, r) })
	return cl.CommitRecords(ctx, done...)
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
