// Package poller consumes a topic for its caller.
package poller

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

// Poll hands each message of r to fn and commits it.
func Poll(ctx context.Context, r *kafka.Reader, fn func(kafka.Message)) {
	for ctx.Err() == nil {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
		}
		fn(m)
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Print(err)
		}
	}
}
