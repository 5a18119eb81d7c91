// Package pool holds pools of workers that each commit, on one group
// reader, the messages they take from one channel (go-zero's go-queue kq,
// v1.1.8 and v1.2.2), and their silent twins: workers that own whole
// partitions, their own readers, or one committing goroutine.
package pool

import (
	"context"
	"sync"

	"github.com/segmentio/kafka-go"
)

func handle(kafka.Message) error { return nil }

// RoutineGroup is go-zero's threading.RoutineGroup: Run starts fn on a
// goroutine, Wait waits for them.
type RoutineGroup struct{ wg sync.WaitGroup }

func (g *RoutineGroup) Run(fn func()) {
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		fn()
	}()
}

func (g *RoutineGroup) Wait() { g.wg.Wait() }

// queue is go-queue v1.1.8's kafkaQueue: one reader, one channel fed by
// FetchMessage, Processors workers.
type queue struct {
	consumer   *kafka.Reader
	channel    chan kafka.Message
	processors int
	force      bool
	consumers  *RoutineGroup
	producers  *RoutineGroup
}

func (q *queue) startConsumers() {
	for i := 0; i < q.processors; i++ {
		q.consumers.Run(func() {
			for msg := range q.channel {
				if err := handle(msg); err != nil && !q.force {
					continue
				}
				if err := q.consumer.CommitMessages(context.Background(), msg); err != nil { // want `q\.consumer\.CommitMessages runs on each of the goroutines started in a loop at pool\.go:43, which share the messages of q\.channel: commit in the order they were fetched, from one goroutine, or give each worker whole partitions \(kafka-go commits the highest offset given for a partition: a later message's commit covers earlier ones other workers still process, lost in a crash, and with CommitInterval 0 an earlier one committed last moves the group's offset back\)`
					return
				}
			}
		})
	}
}

func (q *queue) startProducers() {
	q.producers.Run(func() {
		for {
			msg, err := q.consumer.FetchMessage(context.Background())
			if err != nil {
				return
			}
			q.channel <- msg
		}
	})
}

// reader is go-queue v1.2.2's kafkaReader: the reader behind the program's
// own interface.
type reader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

// ordered is go-queue v1.2.2's kafkaQueue with its CommitInOrder option.
type ordered struct {
	consumer   reader
	channel    chan kafka.Message
	results    chan kafka.Message
	processors int
	inOrder    bool
	consumers  *RoutineGroup
}

func (q *ordered) Start() {
	if q.inOrder {
		go q.commitInOrder()
		return
	}
	for i := 0; i < q.processors; i++ {
		q.consumers.Run(func() {
			for msg := range q.channel {
				m := &msg // the carrier of v1.2.2's tracing takes the message's address
				_ = handle(*m)
				q.consumer.CommitMessages(context.Background(), msg) // want `q\.consumer\.CommitMessages runs on each of the goroutines started in a loop at pool\.go:\d+, which share the messages of q\.channel`
			}
		})
	}
}

// commitInOrder is v1.2.2's CommitInOrder path, the silent twin: one
// goroutine commits the results in the order the messages were pushed.
func (q *ordered) commitInOrder() {
	for msg := range q.results {
		q.consumer.CommitMessages(context.Background(), msg)
	}
}

// goStatement starts the workers with go statements, the reader and the
// channel captured.
func goStatement(ctx context.Context, r *kafka.Reader, n int) {
	msgs := make(chan kafka.Message)
	for range n {
		go func() {
			for m := range msgs {
				_ = handle(m)
				r.CommitMessages(ctx, m) // want `r\.CommitMessages runs on each of the goroutines started in a loop at pool\.go:\d+, which share the messages of msgs`
			}
		}()
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			close(msgs)
			return
		}
		msgs <- m
	}
}

// A job carries the message to a worker.
type job struct {
	msg  kafka.Message
	done func()
}

// worker is a named function given the shared channel and reader.
func worker(ctx context.Context, r *kafka.Reader, jobs <-chan job) {
	for {
		j, ok := <-jobs
		if !ok {
			return
		}
		_ = handle(j.msg)
		r.CommitMessages(ctx, j.msg) // want `r\.CommitMessages runs on each of the goroutines started in a loop at pool\.go:\d+, which share the messages of jobs`
	}
}

func namedWorkers(ctx context.Context, r *kafka.Reader, n int) chan<- job {
	jobs := make(chan job, n)
	for i := 0; i < n; i++ {
		go worker(ctx, r, jobs)
	}
	return jobs
}

// waitGroupGo starts the workers with sync.WaitGroup.Go (Go 1.25).
func waitGroupGo(ctx context.Context, r *kafka.Reader, msgs chan kafka.Message) {
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for m := range msgs {
				r.CommitMessages(ctx, m) // want `r\.CommitMessages runs on each of the goroutines started in a loop`
			}
		})
	}
	wg.Wait()
}

// perPartition is the silent twin: each worker has its own channel and the
// dispatcher sends each partition's messages to one of them, so each
// worker owns whole partitions and commits them in order.
func perPartition(ctx context.Context, r *kafka.Reader, n int) {
	chans := make([]chan kafka.Message, n)
	for i := range chans {
		chans[i] = make(chan kafka.Message)
		go func(ch chan kafka.Message) {
			for m := range ch {
				_ = handle(m)
				r.CommitMessages(ctx, m)
			}
		}(chans[i])
	}
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		chans[m.Partition%n] <- m
	}
}

// rangeChannels is the silent twin with the channel a range variable.
func rangeChannels(ctx context.Context, r *kafka.Reader, chans []chan kafka.Message) {
	for _, ch := range chans {
		go func() {
			for m := range ch {
				r.CommitMessages(ctx, m)
			}
		}()
	}
}

// A partitionWorker owns the partitions whose messages it is sent.
type partitionWorker struct{ in chan kafka.Message }

// workerFields is the silent twin with the channel a field of each worker.
func workerFields(ctx context.Context, r *kafka.Reader, workers []*partitionWorker) {
	for _, w := range workers {
		go func() {
			for m := range w.in {
				r.CommitMessages(ctx, m)
			}
		}()
	}
}

// ownReaders is the silent twin with a reader per worker: a group member
// each, which the group gives whole partitions.
func ownReaders(ctx context.Context, cfg kafka.ReaderConfig, n int) {
	for range n {
		go func() {
			r := kafka.NewReader(cfg)
			msgs := make(chan kafka.Message)
			go func() {
				for {
					m, err := r.FetchMessage(ctx)
					if err != nil {
						close(msgs)
						return
					}
					msgs <- m
				}
			}()
			for m := range msgs {
				r.CommitMessages(ctx, m)
			}
		}()
	}
}

// oneCommitter is the silent twin where the workers only process and one
// goroutine, started once, commits.
func oneCommitter(ctx context.Context, r *kafka.Reader, msgs, done chan kafka.Message) {
	for range 4 {
		go func() {
			for m := range msgs {
				_ = handle(m)
				done <- m
			}
		}()
	}
	go func() {
		for m := range done {
			r.CommitMessages(ctx, m)
		}
	}()
}

// oneAtATime is the silent twin whose loop restarts one worker at a time,
// waiting for it before the next.
func oneAtATime(ctx context.Context, r *kafka.Reader, msgs chan kafka.Message) {
	for ctx.Err() == nil {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range msgs {
				r.CommitMessages(ctx, m)
			}
		}()
		wg.Wait()
	}
}
