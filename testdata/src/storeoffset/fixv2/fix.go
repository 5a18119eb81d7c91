// Package fixv2 holds the storeoffset fixes whose text depends on the v2
// TopicPartition (its LeaderEpoch); fix.go.golden is the file after them.
package fixv2

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func process(m *kafka.Message) {}

func txnLoop(ctx context.Context, c *kafka.Consumer, p *kafka.Producer) error {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		p.BeginTransaction()
		process(m)
		md, _ := c.GetConsumerGroupMetadata()
		if err := p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{m.TopicPartition}, md); err != nil { // want `p\.SendOffsetsToTransaction sends the offset of message m itself`
			return err
		}
		p.CommitTransaction(ctx)
	}
}
