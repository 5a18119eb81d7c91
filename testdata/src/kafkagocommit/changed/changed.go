// Package changed writes a message's Offset before it commits it: its
// offsets are its own, and nothing is reported.
package changed

import (
	"context"

	"github.com/segmentio/kafka-go"
)

func commitNext(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) error {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		return err
	}
	m.Offset++ // the next offset
	return gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}})
}
