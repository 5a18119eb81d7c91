package v1

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// One helper builds every client of the program, each caller adding its own
// options (the shape of the runtime proof's franz-go program): the options
// one call forwards are those of one client, not of all the helper's clients.

func groupClient(id string, extra ...kgo.Opt) *kgo.Client {
	cl, err := newGroupClient(id, extra...)
	if err != nil {
		panic(err)
	}
	return cl
}

func newGroupClient(id string, extra ...kgo.Opt) (*kgo.Client, error) {
	opts := append([]kgo.Opt{
		kgo.ClientID(id),
		kgo.ConsumerGroup("g"),
		kgo.ConsumeTopics("t"),
	}, extra...)
	return kgo.NewClient(opts...)
}

func loggingRevoke() []kgo.Opt {
	return []kgo.Opt{kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, revoked map[string][]int32) { // want `OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns \(it replaces kgo's default revoke, which commits what earlier polls returned: the next owner re-processes what was consumed since the last autocommit\)`
		log.Printf("revoked %v", revoked)
	})}
}

// A logging revoke callback on one client, while another client of the same
// helper blocks rebalances on poll and commits by hand.
func revokeLogs(ctx context.Context) {
	cl := groupClient("a", loggingRevoke()...)
	defer cl.Close()
	cl.PollFetches(ctx)
}

// Silent twin of the exemption: the other client, which commits before it
// allows the rebalance that revokes wait for.
func blockedManual(ctx context.Context) error {
	cl := groupClient("b", kgo.BlockRebalanceOnPoll(), kgo.DisableAutoCommit())
	defer cl.CloseAllowingRebalance()
	for {
		cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}

// DisableAutoCommit on one client of the helper, while another registers the
// revoke callback.
func manualAlone(ctx context.Context) error {
	cl := groupClient("c", kgo.DisableAutoCommit()) // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback`
	defer cl.Close()
	cl.PollFetches(ctx)
	return cl.CommitUncommittedOffsets(ctx)
}

// Silent twin: one call of the helper forwards all three options, which reach
// one client.
func blockedManualLogs(ctx context.Context) error {
	cl := groupClient("d", append(loggingRevokeToo(), kgo.BlockRebalanceOnPoll(), kgo.DisableAutoCommit())...)
	defer cl.CloseAllowingRebalance()
	for {
		cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}

func loggingRevokeToo() []kgo.Opt {
	return []kgo.Opt{kgo.OnPartitionsRevoked(func(_ context.Context, _ *kgo.Client, revoked map[string][]int32) {
		log.Printf("revoked %v", revoked)
	})}
}

// Silent twin: the revoke callback that commits, through the same helper.
func revokeCommits(ctx context.Context) {
	cl := groupClient("e", kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
	}))
	defer cl.Close()
	cl.PollFetches(ctx)
}

func withOpts(opts ...kgo.Opt) []kgo.Opt { return opts }

// Silent twin: two calls of an option helper whose results reach one client
// (withOpts returns what it is given: its calls are not clients of their
// own).
func blockedManualJoined(ctx context.Context) error {
	cl := groupClient("f", append(withOpts(loggingRevokeToo()...), withOpts(kgo.BlockRebalanceOnPoll(), kgo.DisableAutoCommit())...)...)
	defer cl.CloseAllowingRebalance()
	for {
		cl.PollFetches(ctx)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}
