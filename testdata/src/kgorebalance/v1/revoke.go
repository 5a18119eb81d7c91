package v1

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// The common shape: a revoke callback that only logs, with autocommit on.
func logOnly() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("orders"),
		kgo.ConsumeTopics("orders"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) { // want `OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns \(it replaces kgo's default revoke, which commits what earlier polls returned: the next owner re-processes what was consumed since the last autocommit\)`
			log.Printf("revoked %v", revoked)
		}),
	)
}

// Silent twin: the callback commits.
func commits() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("orders"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				log.Printf("commit on revoke: %v", err)
			}
		}),
	)
}

type consumer struct {
	cl      *kgo.Client
	workers chan struct{}
}

// A method value as the callback, options in a slice built with append.
func (c *consumer) onRevoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	log.Printf("revoked %v", revoked)
}

func (c *consumer) start(brokers []string) error {
	opts := []kgo.Opt{kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("g")}
	opts = append(opts, kgo.OnPartitionsRevoked(c.onRevoked)) // want `OnPartitionsRevoked callback commits nothing`
	cl, err := kgo.NewClient(opts...)
	c.cl = cl
	return err
}

// Silent twin: the method commits through a helper of the package.
func (c *consumer) onRevokedCommit(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	c.flush(ctx, cl)
}

func (c *consumer) flush(ctx context.Context, cl *kgo.Client) {
	if err := cl.CommitMarkedOffsets(ctx); err != nil {
		log.Print(err)
	}
}

func (c *consumer) startCommit() error {
	opts := []kgo.Opt{kgo.ConsumerGroup("g"), kgo.AutoCommitMarks()}
	opts = append(opts, kgo.OnPartitionsRevoked(c.onRevokedCommit))
	cl, err := kgo.NewClient(opts...)
	c.cl = cl
	return err
}

// Silent twin: the callback hands the revoke to the poll loop and waits.
func (c *consumer) startHandoff() error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.OnPartitionsRevoked(func(ctx context.Context, _ *kgo.Client, _ map[string][]int32) {
		c.workers <- struct{}{}
		<-c.workers
	}))
	c.cl = cl
	return err
}

// A named function, options from a helper, forwarded through a variadic
// parameter; autocommit disabled.
func revoked(ctx context.Context, cl *kgo.Client, m map[string][]int32) {
	log.Printf("revoked %v", m)
}

func groupOpts(group string) []kgo.Opt {
	return []kgo.Opt{
		kgo.ConsumerGroup(group),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(revoked), // want `OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns \(with autocommit disabled the next owner re-processes what was processed since the last commit, and a later commit of this member can rewind the new owner's\)`
	}
}

func newClient(extra ...kgo.Opt) (*kgo.Client, error) {
	return kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers("b:9092")}, extra...)...)
}

func manualGroup() (*kgo.Client, error) {
	return newClient(groupOpts("g")...)
}

// Silent twin: rebalances blocked on poll and autocommit disabled: the poll
// loop commits before AllowRebalance, and revokes wait for it.
func blocking() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.BlockRebalanceOnPoll(),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) { log.Print("revoked") }),
	)
}

// Silent twin: the callee's options come from the caller in another package;
// the option set is not known whole.
func Exported(extra ...kgo.Opt) (*kgo.Client, error) {
	return kgo.NewClient(append(extra, kgo.OnPartitionsRevoked(revokedToo))...)
}

func revokedToo(context.Context, *kgo.Client, map[string][]int32) {}

// Silent twin: OnPartitionsLost should not commit.
func lost() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("g"), kgo.OnPartitionsLost(func(context.Context, *kgo.Client, map[string][]int32) {
		log.Print("lost")
	}))
}

// The program's own logger interface, and a callback built by a function
// (a shape of real wrappers).
type Logger interface {
	Info(msg string, args ...any)
}

type wrapper struct {
	logger  Logger
	handler RevokeHandler
}

func partitionRevoked(w *wrapper) func(context.Context, *kgo.Client, map[string][]int32) {
	return func(ctx context.Context, cl *kgo.Client, partitions map[string][]int32) {
		if len(partitions) == 0 {
			return
		}
		w.logger.Info("partition revoked", "partitions", partitions)
	}
}

func (w *wrapper) client() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("g"), kgo.OnPartitionsRevoked(partitionRevoked(w))) // want `OnPartitionsRevoked callback commits nothing`
}

// Silent twin: the callback calls the program's own handler interface, whose
// implementations may commit.
type RevokeHandler interface {
	OnRevoke(ctx context.Context, cl *kgo.Client, partitions map[string][]int32)
}

func (w *wrapper) handled() (*kgo.Client, error) {
	return kgo.NewClient(kgo.ConsumerGroup("g"), kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, p map[string][]int32) {
		w.logger.Info("revoking")
		w.handler.OnRevoke(ctx, cl, p)
	}))
}
