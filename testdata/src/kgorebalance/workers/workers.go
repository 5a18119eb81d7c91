package workers

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A goroutine per partition, in the shape of elastic/apm-queue v1.0.0's
// consumer: autocommit off, rebalances blocked on poll, each partition's
// worker commits the batches the poll loop hands it; the revoke callback
// closes the revoked partitions' channels and returns. kgo goes on with the
// rebalance while the workers still process (F34).

type partitionKey struct {
	topic     string
	partition int32
}

type workerConfig struct {
	brokers []string
	group   string
	topics  []string
}

type pool struct {
	mu      sync.RWMutex
	wg      sync.WaitGroup
	records map[partitionKey]chan []*kgo.Record
	done    map[partitionKey]chan struct{}
	ctx     context.Context
}

// newClient adds the configuration's own options, as apm-queue's
// CommonConfig.newClient does.
func (cfg *workerConfig) newClient(additional ...kgo.Opt) (*kgo.Client, error) {
	opts := []kgo.Opt{kgo.SeedBrokers(cfg.brokers...)}
	opts = append(opts, additional...)
	return kgo.NewClient(opts...)
}

func (p *pool) assigned(_ context.Context, client *kgo.Client, assigned map[string][]int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for topic, partitions := range assigned {
		for _, partition := range partitions {
			p.wg.Add(1)
			records := make(chan []*kgo.Record)
			done := make(chan struct{})
			key := partitionKey{topic: topic, partition: partition}
			p.records[key] = records
			p.done[key] = done
			go func() {
				defer p.wg.Done()
				defer close(done)
				p.consume(client, records)
			}()
		}
	}
}

func (p *pool) consume(client *kgo.Client, records <-chan []*kgo.Record) {
	for rs := range records {
		last := -1
		for i := range rs {
			last = i // processing
		}
		if last >= 0 {
			if err := client.CommitRecords(p.ctx, rs[last]); err != nil {
				log.Printf("commit: %v", err)
			}
		}
	}
}

// lost closes each revoked partition's channel and returns: the workers
// commit after the rebalance.
func (p *pool) lost(_ context.Context, _ *kgo.Client, lost map[string][]int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for topic, partitions := range lost {
		for _, partition := range partitions {
			key := partitionKey{topic: topic, partition: partition}
			if records, ok := p.records[key]; ok {
				delete(p.records, key)
				close(records)
			}
		}
	}
}

// lostWait closes the channels, then waits for each worker to finish.
func (p *pool) lostWait(_ context.Context, _ *kgo.Client, lost map[string][]int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var stopped []chan struct{}
	for topic, partitions := range lost {
		for _, partition := range partitions {
			key := partitionKey{topic: topic, partition: partition}
			if records, ok := p.records[key]; ok {
				delete(p.records, key)
				close(records)
				stopped = append(stopped, p.done[key])
			}
		}
	}
	for _, done := range stopped {
		<-done
	}
}

// lostWaitGroup closes every channel and waits for all the workers.
func (p *pool) lostWaitGroup(_ context.Context, _ *kgo.Client, _ map[string][]int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for key, records := range p.records {
		delete(p.records, key)
		close(records)
	}
	p.wg.Wait()
}

// lostCommit stops the workers and commits what the poll loop marked itself.
func (p *pool) lostCommit(ctx context.Context, cl *kgo.Client, lost map[string][]int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for key, records := range p.records {
		delete(p.records, key)
		close(records)
	}
	if err := cl.CommitMarkedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

func newPool(cfg workerConfig) (*pool, *kgo.Client, error) {
	p := &pool{records: make(map[partitionKey]chan []*kgo.Record), done: make(map[partitionKey]chan struct{}), ctx: context.Background()}
	opts := []kgo.Opt{
		kgo.ConsumerGroup(cfg.group),
		kgo.ConsumeTopics(cfg.topics...),
		kgo.BlockRebalanceOnPoll(),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsAssigned(p.assigned),
		kgo.OnPartitionsLost(p.lost),
		kgo.OnPartitionsRevoked(p.lost), // want `OnPartitionsRevoked callback closes channels and returns without waiting, wait until the goroutines it stops have committed before it returns \(kgo goes on with the rebalance when the callback returns: the next owner re-processes what they still hold, and their commits land after it, on partitions another member may own\)`
	}
	cl, err := cfg.newClient(opts...)
	return p, cl, err
}

// Silent twins: the same pool whose revoke callback waits for the workers
// (a receive from each one's done channel, the WaitGroup) or commits itself.
func newPoolWaiting(cfg workerConfig) (*pool, *kgo.Client, error) {
	p := &pool{records: make(map[partitionKey]chan []*kgo.Record), done: make(map[partitionKey]chan struct{}), ctx: context.Background()}
	opts := []kgo.Opt{
		kgo.ConsumerGroup(cfg.group),
		kgo.ConsumeTopics(cfg.topics...),
		kgo.BlockRebalanceOnPoll(),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsAssigned(p.assigned),
		kgo.OnPartitionsRevoked(p.lostWait),
	}
	cl, err := cfg.newClient(opts...)
	return p, cl, err
}

func newPoolWaitGroup(cfg workerConfig) (*pool, *kgo.Client, error) {
	p := &pool{records: make(map[partitionKey]chan []*kgo.Record), done: make(map[partitionKey]chan struct{}), ctx: context.Background()}
	opts := []kgo.Opt{
		kgo.ConsumerGroup(cfg.group),
		kgo.ConsumeTopics(cfg.topics...),
		kgo.BlockRebalanceOnPoll(),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsAssigned(p.assigned),
		kgo.OnPartitionsRevoked(p.lostWaitGroup),
	}
	cl, err := cfg.newClient(opts...)
	return p, cl, err
}

func newPoolCommitting(cfg workerConfig) (*pool, *kgo.Client, error) {
	p := &pool{records: make(map[partitionKey]chan []*kgo.Record), done: make(map[partitionKey]chan struct{}), ctx: context.Background()}
	opts := []kgo.Opt{
		kgo.ConsumerGroup(cfg.group),
		kgo.ConsumeTopics(cfg.topics...),
		kgo.BlockRebalanceOnPoll(),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsAssigned(p.assigned),
		kgo.OnPartitionsRevoked(p.lostCommit),
	}
	cl, err := cfg.newClient(opts...)
	return p, cl, err
}

// run is the poll loop: it hands each partition's records to its worker and
// allows the rebalance once they are handed over.
func (p *pool) run(ctx context.Context, cl *kgo.Client) {
	for {
		fetches := cl.PollRecords(ctx, 500)
		if fetches.IsClientClosed() {
			return
		}
		p.mu.RLock()
		fetches.EachPartition(func(ftp kgo.FetchTopicPartition) {
			if records, ok := p.records[partitionKey{topic: ftp.Topic, partition: ftp.Partition}]; ok {
				select {
				case records <- ftp.Records:
				case <-ctx.Done():
				}
			}
		})
		p.mu.RUnlock()
		cl.AllowRebalance()
	}
}

// A worker stopped through its context: the callback cancels it and returns.
type ctxWorker struct {
	cancel context.CancelFunc
	cl     *kgo.Client
	done   chan struct{}
}

func (w *ctxWorker) work(ctx context.Context, records chan *kgo.Record) {
	defer close(w.done)
	for {
		select {
		case <-ctx.Done():
			return
		case r := <-records:
			if err := w.cl.CommitRecords(ctx, r); err != nil {
				log.Print(err)
			}
		}
	}
}

func startCtxWorker(brokers []string, records chan *kgo.Record) (*ctxWorker, error) {
	w := &ctxWorker{done: make(chan struct{})}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) { // want `OnPartitionsRevoked callback cancels a context and returns without waiting`
			w.cancel()
		}),
	)
	if err != nil {
		return nil, err
	}
	w.cl = cl
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	go w.work(ctx, records)
	return w, nil
}

// Silent twin: the callback cancels the worker and waits for it to return.
func startCtxWorkerWaiting(brokers []string, records chan *kgo.Record) (*ctxWorker, error) {
	w := &ctxWorker{done: make(chan struct{})}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("g"),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) {
			w.cancel()
			<-w.done
		}),
	)
	if err != nil {
		return nil, err
	}
	w.cl = cl
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	go w.work(ctx, records)
	return w, nil
}

// Silent twin: the goroutine that commits is the poll loop, which commits
// each batch before it allows the rebalance; the revoke callback only tells
// the application.
type notifier struct {
	revoked chan struct{}
}

func startPollLoop(ctx context.Context, brokers []string) (*notifier, error) {
	n := &notifier{revoked: make(chan struct{})}
	cl, err := kgo.NewClient(
		kgo.SeedBrokers(brokers...),
		kgo.ConsumerGroup("g"),
		kgo.BlockRebalanceOnPoll(),
		kgo.DisableAutoCommit(),
		kgo.OnPartitionsRevoked(func(context.Context, *kgo.Client, map[string][]int32) {
			close(n.revoked)
		}),
	)
	if err != nil {
		return nil, err
	}
	go func() {
		for ctx.Err() == nil {
			fetches := cl.PollFetches(ctx)
			if err := cl.CommitRecords(ctx, fetches.Records()...); err != nil {
				log.Print(err)
			}
			cl.AllowRebalance()
		}
	}()
	return n, nil
}
