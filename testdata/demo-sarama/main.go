// Command demo-sarama is a small sarama consumer group with the mistakes
// kafkalint's sarama analyzers report (see the README, "sarama analyzers").
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"strings"

	"github.com/IBM/sarama"
)

func newConfig() *sarama.Config {
	cfg := sarama.NewConfig()
	cfg.Version = sarama.V2_8_0_0
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	// Marks are committed by hand... but nothing ever calls Commit.
	cfg.Consumer.Offsets.AutoCommit.Enable = false
	return cfg
}

func main() {
	brokers := strings.Split(os.Getenv("KAFKA_BROKERS"), ",")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	group, err := sarama.NewConsumerGroup(brokers, "billing", newConfig())
	if err != nil {
		log.Fatal(err)
	}
	defer group.Close()

	out := make(chan *sarama.ConsumerMessage)
	go audit(out)

	// One session only: the first rebalance ends it.
	if err := group.Consume(ctx, []string{"orders"}, &billing{out: out}); err != nil {
		log.Fatal(err)
	}
}

func audit(in <-chan *sarama.ConsumerMessage) {
	for m := range in {
		log.Printf("audit %s/%d@%d", m.Topic, m.Partition, m.Offset)
	}
}
