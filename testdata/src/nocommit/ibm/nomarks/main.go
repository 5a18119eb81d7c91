package main // want package:"commits}"

// A handler that commits after each message but never marks one.

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		log.Printf("%s", msg.Value)
		sess.Commit() // want `sess.Commit commits marked offsets but nothing in the program marks one, call MarkMessage after processing each message \(Commit sends only marked offsets: nothing is committed\)`
	}
	return nil
}

func main() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", cfg)
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	for ctx.Err() == nil {
		_ = group.Consume(ctx, []string{"t"}, handler{})
	}
}
