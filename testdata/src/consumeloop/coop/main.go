// Package main consumes with the cooperative strategy: Consume lasts across
// rebalances, nothing is reported.
package main

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (handler) ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim) error {
	return nil
}

func main() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Group.Rebalance.GroupStrategies = []sarama.BalanceStrategy{sarama.NewBalanceStrategyCooperativeSticky()}
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", cfg)
	if err != nil {
		log.Fatal(err)
	}
	if err := group.Consume(context.Background(), []string{"t"}, handler{}); err != nil {
		log.Fatal(err)
	}
}
