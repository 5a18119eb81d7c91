package allversions

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Package v1's teams.go on v2 with -revokecommit.allversions: the commit and
// the invalidation are owed on every version under the flag; waiting for the
// workers is not, since v2 rejects the stores of late workers.

// workerPool hands messages to workers that store their offsets when done.
type workerPool struct {
	c    *kafka.Consumer
	jobs chan *kafka.Message
	wg   sync.WaitGroup
}

func (p *workerPool) work() {
	defer p.wg.Done()
	for m := range p.jobs {
		p.c.StoreMessage(m)
	}
}

// stop closes the job channel and waits for the workers: a wait.
func (p *workerPool) stop() {
	close(p.jobs)
	p.wg.Wait()
}

// drainQueue only closes the job channel: not a wait.
func (p *workerPool) drainQueue() {
	close(p.jobs)
}

func commitAndInvalidate(c *kafka.Consumer, parts []kafka.TopicPartition) error {
	if _, err := c.Commit(); err != nil {
		var kerr kafka.Error
		if !errors.As(err, &kerr) || kerr.Code() != kafka.ErrNoOffset {
			return err
		}
	}
	invalid := make([]kafka.TopicPartition, len(parts))
	for i, tp := range parts {
		tp.Offset = kafka.OffsetInvalid
		invalid[i] = tp
	}
	_, err := c.StoreOffsets(invalid)
	return err
}

func newWorkerPool(n int) *workerPool {
	c, _ := kafka.NewConsumer(riskyConfig())
	p := &workerPool{c: c, jobs: make(chan *kafka.Message)}
	for i := 0; i < n; i++ {
		p.wg.Add(1)
		go p.work()
	}
	c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			p.stop()
			if err := commitAndInvalidate(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine: stop waits for the workers before the commit
		}
		return nil
	})
	return p
}

func newWorkerPoolNoWait(n int) *workerPool {
	c, _ := kafka.NewConsumer(riskyConfig())
	p := &workerPool{c: c, jobs: make(chan *kafka.Message)}
	for i := 0; i < n; i++ {
		p.wg.Add(1)
		go p.work()
	}
	c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.RevokedPartitions:
			p.drainQueue()
			if err := commitAndInvalidate(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine on v2: the library rejects the stores of late workers
		}
		return nil
	})
	return p
}

// stage is a pipeline stage whose goroutine stores offsets until its context
// is cancelled, then closes exited.
type stage struct {
	c      *kafka.Consumer
	in     chan *kafka.Message
	cancel context.CancelFunc
	exited chan struct{}
}

func (s *stage) run(ctx context.Context) {
	defer close(s.exited)
	for {
		select {
		case m := <-s.in:
			s.c.StoreMessage(m)
		case <-ctx.Done():
			return
		}
	}
}

// join cancels the stage and waits for its goroutine to exit.
func (s *stage) join() {
	s.cancel()
	<-s.exited
}

// interrupt cancels the stage without waiting for it.
func (s *stage) interrupt() {
	s.cancel()
}

func newStage(join bool) *stage {
	c, _ := kafka.NewConsumer(riskyConfig())
	ctx, cancel := context.WithCancel(context.Background())
	s := &stage{c: c, in: make(chan *kafka.Message), cancel: cancel, exited: make(chan struct{})}
	go s.run(ctx)
	if join {
		c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
			if e, ok := ev.(kafka.RevokedPartitions); ok {
				s.join()
				if err := commitAndInvalidate(c, e.Partitions); err != nil {
					return err
				}
				return c.Unassign() // fine: join waits for the stage to exit
			}
			return nil
		})
		return s
	}
	c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			s.interrupt()
			if err := commitAndInvalidate(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine on v2: the library rejects the stores of late workers
		}
		return nil
	})
	return s
}

// partitionWorker processes one partition and answers on done when its input
// is closed.
type partitionWorker struct {
	in   chan *kafka.Message
	done chan struct{}
}

type fanOut struct {
	c       *kafka.Consumer
	workers map[int32]*partitionWorker
}

func (f *fanOut) work(w *partitionWorker) {
	defer close(w.done)
	for m := range w.in {
		f.c.StoreMessage(m)
	}
}

// stopAll closes each worker's input and waits for each to finish: with no
// workers there is nothing to wait for.
func (f *fanOut) stopAll() {
	for _, w := range f.workers {
		close(w.in)
		<-w.done
	}
}

// closeAll closes each worker's input without waiting.
func (f *fanOut) closeAll() {
	for _, w := range f.workers {
		close(w.in)
	}
}

func newFanOut() *fanOut {
	c, _ := kafka.NewConsumer(riskyConfig())
	f := &fanOut{c: c, workers: make(map[int32]*partitionWorker)}
	c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			for _, tp := range e.Partitions {
				w := &partitionWorker{in: make(chan *kafka.Message), done: make(chan struct{})}
				f.workers[tp.Partition] = w
				go f.work(w)
			}
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			f.closeAll()
			if err := commitAndInvalidate(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine on v2: the library rejects the stores of late workers
		}
		return nil
	})
	return f
}

func newFanOutWaits() *fanOut {
	c, _ := kafka.NewConsumer(riskyConfig())
	f := &fanOut{c: c, workers: make(map[int32]*partitionWorker)}
	c.SubscribeTopics([]string{"orders"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			for _, tp := range e.Partitions {
				w := &partitionWorker{in: make(chan *kafka.Message), done: make(chan struct{})}
				f.workers[tp.Partition] = w
				go f.work(w)
			}
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			f.stopAll()
			if err := commitAndInvalidate(c, e.Partitions); err != nil {
				return err
			}
			return c.Unassign() // fine: stopAll waits for every worker
		}
		return nil
	})
	return f
}

// rebalancer commits and invalidates through a hook field set once, at
// construction, to a method value.
type rebalancer struct {
	c       *kafka.Consumer
	release func(parts []kafka.TopicPartition) error
}

func (r *rebalancer) commitRevoked(parts []kafka.TopicPartition) error {
	return commitAndInvalidate(r.c, parts)
}

func (r *rebalancer) commitOnly(parts []kafka.TopicPartition) error {
	_, err := r.c.Commit()
	return err
}

func (r *rebalancer) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		if err := r.release(e.Partitions); err != nil {
			return err
		}
		return c.Unassign() // fine: release commits and invalidates
	}
	return nil
}

func newRebalancer() *rebalancer {
	c, _ := kafka.NewConsumer(riskyConfig())
	r := &rebalancer{c: c}
	r.release = r.commitRevoked
	c.SubscribeTopics([]string{"orders"}, r.onRebalance)
	return r
}

type halfRebalancer struct {
	c       *kafka.Consumer
	release func(parts []kafka.TopicPartition) error
}

func (r *halfRebalancer) commitOnly(parts []kafka.TopicPartition) error {
	_, err := r.c.Commit()
	return err
}

func (r *halfRebalancer) onRebalance(c *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.RevokedPartitions:
		if err := r.release(e.Partitions); err != nil {
			return err
		}
		return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
	}
	return nil
}

func newHalfRebalancer() *halfRebalancer {
	c, _ := kafka.NewConsumer(riskyConfig())
	r := &halfRebalancer{c: c}
	r.release = r.commitOnly
	c.SubscribeTopics([]string{"orders"}, r.onRebalance)
	return r
}

// commitWithRetry commits, retrying a few times on failure.
func commitWithRetry(c *kafka.Consumer) {
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := c.Commit(); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// invalidateEach stores OffsetInvalid for each revoked partition in turn.
func invalidateEach(c *kafka.Consumer, parts []kafka.TopicPartition) {
	for _, tp := range parts {
		tp.Offset = kafka.OffsetInvalid
		c.StoreOffsets([]kafka.TopicPartition{tp})
	}
}

func retryAndLoop(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			commitWithRetry(c)
			invalidateEach(c, e.Partitions)
			return c.Unassign() // fine: committed (with retries) and invalidated per partition
		}
		return nil
	})
}

func retryWithoutInvalidate(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			commitWithRetry(c)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
		}
		return nil
	})
}

// tracker remembers the next offset to commit for each partition it processed.
type tracker struct {
	mu   sync.Mutex
	next map[kafka.TopicPartition]kafka.Offset
}

func (t *tracker) positions(parts []kafka.TopicPartition) []kafka.TopicPartition {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []kafka.TopicPartition
	for _, tp := range parts {
		key := kafka.TopicPartition{Topic: tp.Topic, Partition: tp.Partition}
		if off, ok := t.next[key]; ok {
			key.Offset = off
			out = append(out, key)
		}
	}
	return out
}

func subscribePositions(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	t := &tracker{next: make(map[kafka.TopicPartition]kafka.Offset)}
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if offsets := t.positions(e.Partitions); len(offsets) > 0 {
				if _, err := c.CommitOffsets(offsets); err != nil {
					return err
				}
			}
			invalidateEach(c, e.Partitions)
			return c.Unassign() // fine: nothing to commit when nothing was processed
		}
		return nil
	})
}

func subscribePositionsWithoutInvalidate(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	t := &tracker{next: make(map[kafka.TopicPartition]kafka.Offset)}
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if offsets := t.positions(e.Partitions); len(offsets) > 0 {
				if _, err := c.CommitOffsets(offsets); err != nil {
					return err
				}
			}
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by an invalidation of stored offsets`
		}
		return nil
	})
}

// commitIfAny returns early when there is nothing to commit.
func commitIfAny(c *kafka.Consumer, offsets []kafka.TopicPartition) error {
	if len(offsets) == 0 {
		return nil
	}
	_, err := c.CommitOffsets(offsets)
	return err
}

func subscribeCommitIfAny(topics []string) {
	c, _ := kafka.NewConsumer(riskyConfig())
	t := &tracker{next: make(map[kafka.TopicPartition]kafka.Offset)}
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			if err := commitIfAny(c, t.positions(e.Partitions)); err != nil {
				return err
			}
			invalidateEach(c, e.Partitions)
			return c.Unassign() // fine: commitIfAny commits whatever there is
		}
		return nil
	})
}

// commitUnlessDraining skips the commit on a condition that is not about
// having nothing to commit.
func commitUnlessDraining(c *kafka.Consumer, draining bool) {
	if draining {
		return
	}
	c.Commit()
}

func subscribeCommitUnlessDraining(topics []string, draining bool) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			commitUnlessDraining(c, draining)
			invalidateEach(c, e.Partitions)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit`
		}
		return nil
	})
}

// untilDone commits in a loop whose condition may be false at once.
func untilDone(c *kafka.Consumer, pending func() bool) {
	for pending() {
		c.Commit()
	}
}

func subscribeUntilDone(topics []string, pending func() bool) {
	c, _ := kafka.NewConsumer(riskyConfig())
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if e, ok := ev.(kafka.RevokedPartitions); ok {
			untilDone(c, pending)
			invalidateEach(c, e.Partitions)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit`
		}
		return nil
	})
}
