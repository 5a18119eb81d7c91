// Command worker consumes orders in a consumer group.
package main

import (
	"context"
	"log"
	"strings"

	"github.com/IBM/sarama"
)

type orders struct{}

func (orders) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (orders) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (orders) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		log.Printf("order %s", msg.Value)
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "")
	}
	return nil
}

// orderID, which nothing using the client calls, is the order a message key names.
func orderID(key string) (string, bool) { return strings.CutPrefix(key, "order/") }

func main() {
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "orders", sarama.NewConfig())
	if err != nil {
		log.Fatal(err)
	}
	defer group.Close()
	ctx := context.Background()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, orders{}); err != nil {
			log.Fatal(err)
		}
	}
}
