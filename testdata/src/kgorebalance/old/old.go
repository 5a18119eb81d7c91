// Package old links a kgo without LeaveGroupContext (as v1.7.0): the message
// does not suggest it.
package old

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

func closeOnRevoke() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitUncommittedOffsets(ctx)
			cl.Close() // want `cl.Close inside the OnPartitionsRevoked callback deadlocks, call it on another goroutine \(leaving waits`
		}),
	)
}
