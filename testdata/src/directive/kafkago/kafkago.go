// Package kafkago uses kafka-go: the same directives, judged the same way.
package kafkago

import (
	"context"

	"github.com/segmentio/kafka-go"
)

func fetch(ctx context.Context, brokers []string) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "billing", Topic: "invoices"})
	defer r.Close()
	for {
		//kafkalint:ignore kafkagoreader offsets are stored with the results
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		_ = m
		/* want `^unknown directive //kafkalint:ingore, want` */ //kafkalint:ingore kafkagoreader a misspelt verb
		/* want `^//kafkalint:file-ignore directive names kafkagoreaders, which is no analyzer of kafkalint` */ //kafkalint:file-ignore kafkagoreaders a misspelt name
		/* want `^//kafkalint:ignore directive for kafkagoreader suppresses no report of kafkagoreader` */ //kafkalint:ignore kafkagoreader nothing here
		_ = 0
	}
}
