// Command worker consumes orders in a consumer group.
package main

import (
	"context"
	"log"
	"strings"
	"time"

	"github.com/segmentio/kafka-go"
)

// orderID, which nothing using the client calls, is the order a message key names.
func orderID(key string) (string, bool) { return strings.CutPrefix(key, "order/") }

func main() {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "orders", Topic: "orders"})
	defer r.Close()
	ctx := context.Background()
	for ctx.Err() == nil {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
			time.Sleep(time.Second)
		}
		log.Printf("order %s", m.Value)
		if err := r.CommitMessages(ctx, m); err != nil {
			log.Print(err)
		}
	}
}
