// Command worker consumes orders in a consumer group.
package main

import (
	"context"
	"log"
	"strings"

	"github.com/twmb/franz-go/pkg/kgo"
)

// orderID, which nothing using the client calls, is the order a record key names.
func orderID(key string) (string, bool) { return strings.CutPrefix(key, "order/") }

func main() {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("orders"), kgo.ConsumeTopics("orders"), kgo.DisableAutoCommit(), kgo.BlockRebalanceOnPoll())
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()
	ctx := context.Background()
	for ctx.Err() == nil {
		fs := cl.PollRecords(ctx, 100)
		fs.EachRecord(func(r *kgo.Record) {
			log.Printf("order %s", r.Value)
		})
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			log.Print(err)
		}
	}
}
