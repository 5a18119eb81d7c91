package v1

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func closeOnRevoke() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				cl.Close() // want `cl.Close inside the OnPartitionsRevoked callback deadlocks, call it on another goroutine or use LeaveGroupContext\(nil\) \(leaving waits for the group loop, which waits for the callback to return\)`
			}
		}),
	)
}

// Silent twin: on another goroutine.
func closeOnRevokeAsync() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			if err := cl.CommitUncommittedOffsets(ctx); err != nil {
				go cl.Close()
			}
		}),
	)
}

type service struct {
	client *kgo.Client
	allow  map[string]bool
}

// LeaveGroup on the service's client, a field set from NewClient.
func (s *service) assigned(ctx context.Context, _ *kgo.Client, assigned map[string][]int32) {
	for topic := range assigned {
		if !s.allow[topic] {
			log.Printf("unexpected topic %s, leaving", topic)
			s.client.LeaveGroup() // want `s.client.LeaveGroup inside the OnPartitionsAssigned callback deadlocks`
		}
	}
}

// Through a helper of the package, and deferred.
func (s *service) shutdown() {
	s.client.CloseAllowingRebalance()
}

func (s *service) lost(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	defer s.shutdown() // want `shutdown \(calls s.client.CloseAllowingRebalance\) inside the OnPartitionsLost callback deadlocks`
	log.Print("partitions lost")
}

// Silent twin: LeaveGroupContext with a nil context returns at once.
func (s *service) revokedLeave(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	cl.CommitUncommittedOffsets(ctx)
	cl.LeaveGroupContext(nil)
}

func (s *service) start() error {
	cl, err := kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsAssigned(s.assigned),
		kgo.OnPartitionsLost(s.lost),
		kgo.OnPartitionsRevoked(s.revokedLeave),
	)
	s.client = cl
	return err
}

// Silent twin: closing another client (a producer) is fine.
func closeProducer(producer *kgo.Client) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
			cl.CommitUncommittedOffsets(ctx)
			producer.Close()
		}),
	)
}

// A method value chosen in the callback and called there (the runtime proof's
// closelost shape): the client it is bound to is the callback's.
func leaveByValue(graceful bool) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsLost(func(_ context.Context, cl *kgo.Client, _ map[string][]int32) {
			leave := cl.Close
			if graceful {
				leave = cl.LeaveGroup
			}
			leave() // want `cl\.(Close|LeaveGroup) inside the OnPartitionsLost callback deadlocks, call it on another goroutine`
		}),
	)
}

// Silent twin: the method value called on another goroutine.
func leaveByValueAsync(graceful bool) (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.ConsumerGroup("g"),
		kgo.OnPartitionsLost(func(_ context.Context, cl *kgo.Client, _ map[string][]int32) {
			leave := cl.Close
			if graceful {
				leave = cl.LeaveGroup
			}
			go leave()
		}),
	)
}
