// Package xpkg is a service that builds its franz-go clients with a shared
// library's wrappers and option sets (package kafkautil): the options it
// passes are judged with the library's, from its facts.
package xpkg

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"

	"kgorebalance/xpkg/kafkautil"
)

func process(r *kgo.Record) { log.Printf("%s", r.Value) }

func logRevoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	log.Printf("revoked %v", revoked)
}

// A wrapper in another package takes the options: the revoke callback that
// only logs replaces the default commit on revoke.
func orders(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewConsumer(brokers, "orders",
		kgo.ConsumeTopics("orders"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) { // want `OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns \(it replaces kgo's default revoke, which commits what earlier polls returned: the next owner re-processes what was consumed since the last autocommit\)`
			log.Printf("revoked %v", revoked)
		}),
	)
}

// Silent twin: the callback commits.
func ordersCommit(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewConsumer(brokers, "orders",
		kgo.ConsumeTopics("orders"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Print(err)
			}
		}),
	)
}

// The options in a slice built with append, given to the wrapper whose
// options parameter follows a configuration struct.
func payments(cfg kafkautil.Config) (*kgo.Client, error) {
	opts := []kgo.Opt{kgo.ConsumerGroup("payments"), kgo.ConsumeTopics("payments")}
	opts = append(opts, kgo.DisableAutoCommit()) // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback, register one that commits the processed offsets`
	return kafkautil.NewClient(cfg, opts...)
}

// Silent twin: the wrapper blocks rebalances on poll, and the poll loop
// commits before it allows them.
func paymentsBlocking(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewManualConsumer(brokers, "payments", kgo.ConsumeTopics("payments"), kgo.DisableAutoCommit())
}

// Silent twin: a wrapper that adds options the package cannot see.
func paymentsEnv() (*kgo.Client, error) {
	return kafkautil.FromEnv(kgo.ConsumerGroup("payments"), kgo.DisableAutoCommit())
}

// A method wrapper, and a poll loop on a client whose rebalances are blocked
// on poll and never allowed.
func shipments(ctx context.Context, f *kafkautil.Factory) error {
	cl, err := f.New(kgo.ConsumerGroup("shipments"), kgo.ConsumeTopics("shipments"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for {
		fs := cl.PollFetches(ctx) // want `cl.PollFetches on a client with kgo.BlockRebalanceOnPoll, and nothing calls AllowRebalance on it`
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Silent twin: rebalances are allowed after each batch.
func shipmentsAllowed(ctx context.Context, f *kafkautil.Factory) error {
	cl, err := f.New(kgo.ConsumerGroup("shipments"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}

// Options from a helper of another package, with the service's callback
// appended: the helper disables autocommit.
func invoices(brokers []string) (*kgo.Client, error) {
	opts := append(kafkautil.GroupOptions("invoices", "invoices"), kgo.SeedBrokers(brokers...))
	opts = append(opts, kgo.OnPartitionsRevoked(logRevoked)) // want `OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns \(with autocommit disabled the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's\)`
	return kgo.NewClient(opts...)
}

// Silent twin: the helper's options block rebalances on poll as well.
func invoicesBlocking(brokers []string) (*kgo.Client, error) {
	return kgo.NewClient(append(kafkautil.BlockingOptions(), kgo.SeedBrokers(brokers...), kgo.OnPartitionsRevoked(logRevoked))...)
}

// One option from a helper of another package.
func refunds() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("refunds"), kafkautil.Manual(), kgo.OnPartitionsRevoked(logRevoked)) // want `OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns \(with autocommit disabled`
}

// Silent twin for the manual report: the option the helper adds decides
// nothing here; the service's DisableAutoCommit has a revoke callback.
func refundsRevoke(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewClient(kafkautil.Config{Brokers: brokers}, kgo.ConsumerGroup("refunds"), kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Print(err)
			}
		}))
}

// The wrapper blocks rebalances on poll itself; the service never allows
// them.
func paymentsPoll(ctx context.Context, brokers []string) error {
	cl, err := kafkautil.NewManualConsumer(brokers, "payments", kgo.ConsumeTopics("payments"))
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for {
		fs := cl.PollRecords(ctx, 100) // want `cl.PollRecords on a client with kgo.BlockRebalanceOnPoll, and nothing calls AllowRebalance on it, call cl.AllowRebalance\(\) when the polled records are processed`
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Silent twin: rebalances allowed after each batch.
func paymentsPollAllowed(ctx context.Context, brokers []string) error {
	cl, err := kafkautil.NewManualConsumer(brokers, "payments", kgo.ConsumeTopics("payments"))
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for {
		fs := cl.PollRecords(ctx, 100)
		fs.EachRecord(process)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		cl.AllowRebalance()
	}
}

// The helper's option set disables autocommit, and the service registers no
// revoke callback.
func ledger(brokers []string) (*kgo.Client, error) {
	opts := kafkautil.GroupOptions("ledger", "ledger") // want `kgo.DisableAutoCommit \(set by kafkautil.GroupOptions\) without an OnPartitionsRevoked callback, register one that commits the processed offsets \(the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's\)`
	return kgo.NewClient(append(opts, kgo.SeedBrokers(brokers...))...)
}

// Silent twin: the service's revoke callback commits.
func ledgerRevoke(brokers []string) (*kgo.Client, error) {
	opts := kafkautil.GroupOptions("ledger", "ledger")
	return kgo.NewClient(append(opts, kgo.SeedBrokers(brokers...), kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Print(err)
		}
	}))...)
}

// A wrapper that commits by hand, and no revoke callback from the service.
func fees(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewCommitter(brokers, "fees", kgo.ConsumeTopics("fees")) // want `kgo.DisableAutoCommit \(set by kafkautil.NewCommitter\) without an OnPartitionsRevoked callback`
}

// Silent twin: the service registers one that commits.
func feesRevoke(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewCommitter(brokers, "fees", kgo.ConsumeTopics("fees"), kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Print(err)
		}
	}))
}

// A constructor that forwards to another constructor of the library keeps
// the caller's options known whole: the autocommit disabled here has no
// revoke callback.
func journal(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewGroupConsumer(brokers, "journal", kgo.ConsumeTopics("journal"), kgo.DisableAutoCommit()) // want `kgo.DisableAutoCommit without an OnPartitionsRevoked callback, register one that commits the processed offsets`
}

// Silent twin: the revoke callback commits.
func journalRevoke(brokers []string) (*kgo.Client, error) {
	return kafkautil.NewGroupConsumer(brokers, "journal", kgo.ConsumeTopics("journal"), kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Print(err)
			}
		}))
}
