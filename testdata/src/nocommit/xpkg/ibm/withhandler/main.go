// Package main builds a group from kafkacfg.Manual and runs the committing
// handler of package handler: nothing is reported.
package main

import (
	"context"

	"github.com/IBM/sarama"

	"nocommit/xpkg/ibm/handler"
	"nocommit/xpkg/ibm/kafkacfg"
)

func main() {
	group, _ := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", kafkacfg.Manual())
	ctx := context.Background()
	for ctx.Err() == nil {
		_ = group.Consume(ctx, []string{"t"}, handler.Handler{})
	}
}
