package main

import (
	"context"
	"log"

	"github.com/Shopify/sarama"

	"consumeloop/xpkg/shopify/kafkasvc"
)

func main() {
	ctx := context.Background()
	group, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", sarama.NewConfig())
	if err != nil {
		log.Fatal(err)
	}
	if err := kafkasvc.Run(ctx, group, []string{"orders"}); err != nil { // want `kafkasvc.Run, which runs one sarama consumer group session, is not called in a loop`
		log.Fatal(err)
	}
	if err := kafkasvc.RunForever(ctx, group, []string{"orders"}); err != nil {
		log.Fatal(err)
	}
	for ctx.Err() == nil {
		_ = kafkasvc.Run(ctx, group, []string{"orders"})
	}
}
