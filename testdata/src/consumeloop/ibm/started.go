package main

import (
	"context"
	"log"

	"github.com/IBM/sarama"
)

// The runtime proof's shape: one helper starts the group in a loop or once,
// on a goroutine whose result goes to a channel.

func loopGroup(ctx context.Context, group sarama.ConsumerGroup) {
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"returns"}, handler{}); err != nil {
			log.Println(err)
		}
	}
}

func startGroup(ctx context.Context, group sarama.ConsumerGroup, looped bool, returned chan<- error) {
	if looped {
		go loopGroup(ctx, group) // silent twin: the loop
	} else {
		go func() { returned <- group.Consume(ctx, []string{"returns"}, handler{}) }() // want `group.Consume is not called in a loop`
	}
}

func startedOnce(ctx context.Context, group sarama.ConsumerGroup) {
	returned := make(chan error, 1)
	startGroup(ctx, group, false, returned)
	if err := <-returned; err != nil {
		log.Println(err)
	}
}

// Not reported: a function chosen from a map of functions runs as often as
// the code that calls the map's values, which the analyzer does not follow
// (the proof's programs dispatch their scenarios so).
func dispatch(ctx context.Context, group sarama.ConsumerGroup, name string) {
	scenarios := map[string]func(){
		"once": func() {
			if err := group.Consume(ctx, []string{"chargebacks"}, handler{}); err != nil {
				log.Println(err)
			}
		},
	}
	scenarios[name]()
}
