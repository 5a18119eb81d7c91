// Package vendored uses franz-go from its vendor directory.
package vendored

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func client() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) { // want `OnPartitionsRevoked callback commits nothing`
			log.Printf("revoked %v", revoked)
		}),
	)
}
