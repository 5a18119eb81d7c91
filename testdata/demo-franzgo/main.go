// Command demo-franzgo is a small order consumer on the real franz-go, with
// the mistakes kafkalint's franz-go analyzers report. Run, from the
// repository root:
//
//	go build -o bin/kafkalint ./cmd/kafkalint && (cd testdata/demo-franzgo && ../../bin/kafkalint ./...)
package main

import (
	"context"
	"flag"
	"log"
	"strings"

	"github.com/twmb/franz-go/pkg/kgo"
)

func main() {
	brokers := flag.String("brokers", "localhost:9092", "comma-separated seed brokers")
	verbose := flag.Bool("v", false, "log rebalances")
	flag.Parse()

	opts := []kgo.Opt{
		kgo.SeedBrokers(strings.Split(*brokers, ",")...),
		kgo.ConsumerGroup("orders"),
		kgo.ConsumeTopics("orders"),
	}
	if *verbose {
		opts = append(opts, kgo.OnPartitionsRevoked(logRevoked))
	}
	cl, err := kgo.NewClient(opts...)
	if err != nil {
		log.Fatal(err)
	}
	defer cl.Close()

	ctx := context.Background()
	go func() {
		if err := audit(ctx, strings.Split(*brokers, ",")); err != nil {
			log.Print(err)
		}
	}()
	done := make(chan *kgo.Record)
	go func() {
		for r := range done {
			cl.MarkCommitRecords(r) // no AutoCommitMarks: does nothing
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		fs.EachRecord(func(r *kgo.Record) {
			process(r)
			done <- r
		})
	}
}

// logRevoked replaces franz-go's default revoke, which commits.
func logRevoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	log.Printf("revoked %v", revoked)
}

func process(r *kgo.Record) { log.Printf("order %s", r.Value) }
