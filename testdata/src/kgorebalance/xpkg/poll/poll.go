// Package poll names no kgo option: its client's options all come from the
// shared library's wrapper.
package poll

import (
	"context"
	"log"

	"kgorebalance/xpkg/kafkautil"
)

func Run(ctx context.Context, brokers []string) error {
	cl, err := kafkautil.NewManualConsumer(brokers, "audit")
	if err != nil {
		return err
	}
	defer cl.CloseAllowingRebalance()
	for {
		fs := cl.PollFetches(ctx) // want `cl.PollFetches on a client with kgo.BlockRebalanceOnPoll, and nothing calls AllowRebalance on it`
		for _, r := range fs.Records() {
			log.Printf("%s", r.Value)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}
