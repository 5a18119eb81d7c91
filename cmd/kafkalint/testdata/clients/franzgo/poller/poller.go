// Package poller consumes a topic for its caller.
package poller

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Poller polls one group's records and commits them.
type Poller struct{ cl *kgo.Client }

// New returns a poller of topic in group.
func New(group, topic string) (*Poller, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup(group), kgo.ConsumeTopics(topic), kgo.BlockRebalanceOnPoll())
	if err != nil {
		return nil, err
	}
	return &Poller{cl: cl}, nil
}

// Poll hands each polled record to fn.
func (p *Poller) Poll(ctx context.Context, fn func(*kgo.Record)) {
	for ctx.Err() == nil {
		p.cl.PollRecords(ctx, 100).EachRecord(fn)
	}
}
