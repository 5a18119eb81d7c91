package v1

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// The goroutine-per-partition shape of franz-go's own example: the revoke
// callback stops the partitions' workers and commits their marks on the
// client kgo calls it with, the one that registered it. Without
// AutoCommitMarks the marks, and that commit, do nothing.
type splitConsume struct {
	workers map[string]chan struct{}
}

func (s *splitConsume) revoked(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) {
	for t := range revoked {
		if w, ok := s.workers[t]; ok {
			close(w)
		}
	}
	if err := cl.CommitMarkedOffsets(ctx); err != nil { // want `cl.CommitMarkedOffsets does nothing on a client without kgo.AutoCommitMarks, add the option to the client`
		log.Print(err)
	}
}

func splitClient(brokers []string) (*kgo.Client, error) {
	s := &splitConsume{workers: make(map[string]chan struct{})}
	return kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("split"), kgo.ConsumeTopics("split"),
		kgo.OnPartitionsRevoked(s.revoked))
}

// Silent twin: the client marks.
type splitMarks struct{}

func (s *splitMarks) revoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitMarkedOffsets(ctx); err != nil {
		log.Print(err)
	}
}

func splitMarksClient(brokers []string) (*kgo.Client, error) {
	s := &splitMarks{}
	return kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("split"), kgo.ConsumeTopics("split"),
		kgo.AutoCommitMarks(), kgo.OnPartitionsRevoked(s.revoked))
}

// A function literal, and a helper it hands the client to.
func revokeLiteral(brokers []string) (*kgo.Client, error) {
	return kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("lit"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			commitMarks(ctx, cl)
		}))
}

func commitMarks(ctx context.Context, cl *kgo.Client) {
	if err := cl.CommitMarkedOffsets(ctx); err != nil { // want `cl.CommitMarkedOffsets does nothing on a client without kgo.AutoCommitMarks`
		log.Print(err)
	}
}

// Silent twin: the literal's client marks.
func revokeLiteralMarks(brokers []string) (*kgo.Client, error) {
	return kgo.NewClient(kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("lit"), kgo.AutoCommitMarks(),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitMarkedOffsets(ctx); err != nil {
				log.Print(err)
			}
		}))
}
