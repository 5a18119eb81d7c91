package offsets

import (
	"context"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// A Txn sends offsets to the transactions of a consume-transform-produce loop.
type Txn struct {
	P *kafka.Producer
	C *kafka.Consumer
}

// SendOffsets sends the offsets as is: its callers decide them.
func (t *Txn) SendOffsets(ctx context.Context, offsets []kafka.TopicPartition) error { // want SendOffsets:`stores params \[1\] \(SendOffsetsToTransaction\)`
	md, err := t.C.GetConsumerGroupMetadata()
	if err != nil {
		return err
	}
	return t.P.SendOffsetsToTransaction(ctx, offsets, md)
}
