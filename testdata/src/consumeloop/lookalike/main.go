// Package main calls Consume once on a package that only looks like sarama:
// nothing is reported.
package main

import (
	"context"

	"example.com/sarama"
)

var group sarama.ConsumerGroup

func main() {
	_ = group.Consume(context.Background(), []string{"t"}, nil)
}
