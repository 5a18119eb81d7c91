// Package lookalike uses a package with kgo's names at another path: nothing
// is reported.
package lookalike

import (
	"context"

	"kgorebalance/lookalike/kgo"
)

func client() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.Close()
		}),
	)
}
