package v1

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func asyncRevoke() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitOffsets(ctx, cl.UncommittedOffsets(), nil) // want `cl.CommitOffsets inside the OnPartitionsRevoked callback does not wait for the commit, use CommitOffsetsSync \(the rebalance can go on before the commit lands, and the next owner re-reads: seen on v1.7.0, while v1.22.3 waits for commits in flight\)`
		}),
	)
}

// Silent twin: CommitOffsetsSync.
func syncRevoke() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitOffsetsSync(ctx, cl.UncommittedOffsets(), nil)
		}),
	)
}

// Silent twin: onDone made synchronous with a WaitGroup.
func waitedRevoke() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			var wg sync.WaitGroup
			wg.Add(1)
			cl.CommitOffsets(ctx, cl.UncommittedOffsets(), func(_ *kgo.Client, _ *kmsg.OffsetCommitRequest, _ *kmsg.OffsetCommitResponse, err error) {
				defer wg.Done()
				if err != nil {
					log.Print(err)
				}
			})
			wg.Wait()
		}),
	)
}

// CommitOffsets in the package's own helper, called by the revoke callback.
type committer struct{ cl *kgo.Client }

func (c *committer) commitAll(ctx context.Context) {
	c.cl.CommitOffsets(ctx, c.cl.UncommittedOffsets(), nil)
}

func (c *committer) revoked(ctx context.Context, _ *kgo.Client, _ map[string][]int32) {
	c.commitAll(ctx) // want `commitAll \(calls c.cl.CommitOffsets\) inside the OnPartitionsRevoked callback does not wait for the commit`
}

func (c *committer) start() (err error) {
	c.cl, err = kgo.NewClient(kgo.ConsumerGroup("g"), kgo.OnPartitionsRevoked(c.revoked))
	return err
}
