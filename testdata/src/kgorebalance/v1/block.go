package v1

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Rebalances blocked on poll and never allowed: closing with
// CloseAllowingRebalance at exit does not unblock the loop.
func neverAllowed(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for ctx.Err() == nil {
		fs := cl.PollRecords(ctx, 100) // want `cl.PollRecords on a client with kgo.BlockRebalanceOnPoll, and nothing calls AllowRebalance on it, call cl.AllowRebalance\(\) when the polled records are processed \(rebalances wait until this member is kicked out of the group at the rebalance timeout\)`
		fs.EachRecord(func(r *kgo.Record) { log.Printf("%s", r.Value) })
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Never allowed, and closed with Close: the deferred Close hangs.
type blockingConsumer struct{ cl *kgo.Client }

func (b *blockingConsumer) run(ctx context.Context) {
	defer b.cl.Close() // want `b.cl.Close on a polled client with kgo.BlockRebalanceOnPoll that never allows rebalances, use CloseAllowingRebalance \(Close waits for the last poll's rebalance to be allowed and hangs\)`
	for ctx.Err() == nil {
		fs := b.cl.PollFetches(ctx) // want `b.cl.PollFetches on a client with kgo.BlockRebalanceOnPoll, and nothing calls AllowRebalance on it`
		fs.EachRecord(func(*kgo.Record) {})
		b.cl.CommitUncommittedOffsets(ctx)
	}
}

func newBlocking() (*blockingConsumer, error) {
	opts := []kgo.Opt{kgo.ConsumerGroup("g"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll()}
	cl, err := kgo.NewClient(opts...)
	return &blockingConsumer{cl: cl}, err
}

// Silent twin: allowed after each batch, Close at exit after the loop ends on
// a closed client (franz-go's goroutine-per-partition examples): whether a
// poll's rebalance is pending at Close depends on the paths, not judged.
func allowedThenClose(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fs := cl.PollRecords(ctx, 1000)
		if fs.IsClientClosed() {
			return nil
		}
		fs.EachRecord(func(*kgo.Record) {})
		cl.AllowRebalance()
	}
}

// Silent twin: allowed after each batch, CloseAllowingRebalance at exit.
func allowed(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for ctx.Err() == nil {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(*kgo.Record) {})
		cl.CommitUncommittedOffsets(ctx)
		cl.AllowRebalance()
	}
	return nil
}

// Silent twin: the client leaves the package's sight (an exported variable);
// AllowRebalance may be called elsewhere.
var Shared *kgo.Client

func shared(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	Shared = cl
	cl.PollFetches(ctx)
	return nil
}
