package main // want package:"commits}" package:"marks}"

// Auto commit off, and a commit after each batch and in Cleanup: nothing
// is reported.
import (
	"context"
	"log"

	"github.com/Shopify/sarama"
)

type batcher struct{ size int }

func (batcher) Setup(sarama.ConsumerGroupSession) error { return nil }

func (batcher) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

func (b batcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	n := 0
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		if n++; n == b.size {
			sess.Commit()
			n = 0
		}
	}
	return nil
}

func main() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "batches", cfg)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for ctx.Err() == nil {
		_ = group.Consume(ctx, []string{"orders"}, batcher{size: 100})
	}
}
