// Package xpkg is a service that gets its kafka-go configurations and
// readers from a shared package (kafkacfg): what they set comes from its
// facts.
package xpkg

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"

	"kafkagoreader/xpkg/kafkacfg"
)

// A configuration helper of another package without a group: the reader
// reads partition 0 only, and its StartOffset is ignored.
func tail(brokers []string) *kafka.Reader {
	return kafka.NewReader(kafkacfg.TailConfig(brokers, "events")) // want `kafka.NewReader without GroupID or Partition reads partition 0 only` `kafka.NewReader with StartOffset but without GroupID ignores it`
}

// Silent twin: the group set on the helper's configuration.
func tailGroup(brokers []string) *kafka.Reader {
	cfg := kafkacfg.TailConfig(brokers, "events")
	cfg.GroupID = "events"
	return kafka.NewReader(cfg)
}

// Silent twin: the helper's configuration has a group.
func member(cfg kafkacfg.Config) *kafka.Reader {
	return kafka.NewReader(kafkacfg.ReaderConfig(cfg, "events"))
}

// A group reader from a constructor of another package: fetched, never
// committed.
func consume(ctx context.Context, cfg kafkacfg.Config) error {
	r := kafkacfg.NewGroupReader(cfg, "orders")
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx) // want `r.FetchMessage on a group reader, and nothing commits on it, call r.CommitMessages after processing`
		if err != nil {
			return err
		}
		log.Printf("%s", m.Value)
	}
}

// Silent twin: committed after processing.
func consumeCommit(ctx context.Context, cfg kafkacfg.Config) error {
	r := kafkacfg.NewGroupReader(cfg, "orders")
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		log.Printf("%s", m.Value)
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// A reader without a group from a constructor of another package: its
// CommitMessages always fails, and the error is dropped.
func replay(ctx context.Context, brokers []string) {
	r := kafkacfg.NewPartitionReader(brokers, "orders", 3)
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		r.CommitMessages(ctx, m) // want `r.CommitMessages on a reader without GroupID always fails and its error is ignored`
	}
}
