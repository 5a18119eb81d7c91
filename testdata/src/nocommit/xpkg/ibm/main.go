package main // want package:"marks}"

import (
	"context"

	"github.com/IBM/sarama"

	"nocommit/xpkg/ibm/kafkacfg"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
	}
	return nil
}

func main() {
	group, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", kafkacfg.Manual()) // want `sarama.NewConsumerGroup gets a configuration with Consumer.Offsets.AutoCommit.Enable false`
	other, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "h", kafkacfg.Default())
	ctx := context.Background()
	for ctx.Err() == nil {
		_ = group.Consume(ctx, []string{"t"}, handler{})
		_ = other.Consume(ctx, []string{"t"}, handler{})
	}
}
