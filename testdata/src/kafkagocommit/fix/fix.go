// Package fix holds the reports of kafkagocommit that carry a fix, and one
// that does not.
package fix

import (
	"context"

	"github.com/segmentio/kafka-go"
)

func literal(ctx context.Context, gen *kafka.Generation, r *kafka.Reader) {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return
		}
		gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}}) // want `gen\.CommitOffsets commits the offset of message m itself`
	}
}

// indexed is reported without a fix: the offset is stored before the call.
func indexed(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, topic string) error {
	offs := map[int]int64{}
	for i := 0; i < 10; i++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		offs[m.Partition] = m.Offset
	}
	return gen.CommitOffsets(map[string]map[int]int64{topic: offs}) // want `gen\.CommitOffsets commits the offset of message m itself`
}

// variable is reported without a fix: last is also logged.
func variable(ctx context.Context, gen *kafka.Generation, r *kafka.Reader, topic string, log func(int64)) error {
	var last int64 = -1
	var partition int
	for i := 0; i < 10; i++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			break
		}
		last, partition = m.Offset, m.Partition
	}
	log(last)
	return gen.CommitOffsets(map[string]map[int]int64{topic: {partition: last}}) // want `gen\.CommitOffsets commits the offset of message m itself`
}
