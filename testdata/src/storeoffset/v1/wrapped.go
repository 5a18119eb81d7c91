package v1

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Real code stores offsets through helpers and wrappers. wrapped.go holds those
// shapes, each with a twin that must stay silent; fake_test.go the fakes tests
// put behind the wrappers' interfaces.

// storeAt stores the partition it is given as is: its caller decides the offset.
func storeAt(c *kafka.Consumer, tp kafka.TopicPartition) error {
	_, err := c.StoreOffsets([]kafka.TopicPartition{tp}) // want `c\.StoreOffsets stores the offset of message m itself`
	return err
}

func handleThenStore(c *kafka.Consumer, m *kafka.Message) error {
	process(m)
	return storeAt(c, m.TopicPartition)
}

// commitAt is storeAt's twin: its only caller passes the next offset.
func commitAt(c *kafka.Consumer, tp kafka.TopicPartition) error {
	_, err := c.CommitOffsets([]kafka.TopicPartition{tp})
	return err
}

func handleThenCommit(c *kafka.Consumer, m *kafka.Message) error {
	process(m)
	next := m.TopicPartition
	next.Offset++
	return commitAt(c, next)
}

// storeAll stores a batch as is.
func storeAll(c *kafka.Consumer, offsets []kafka.TopicPartition) {
	c.StoreOffsets(offsets) // want `c\.StoreOffsets stores the offset of message m itself`
}

func batchThenStore(c *kafka.Consumer, batch []*kafka.Message) {
	var offsets []kafka.TopicPartition
	for _, m := range batch {
		process(m)
		offsets = append(offsets, m.TopicPartition)
	}
	storeAll(c, offsets)
}

// committer is a wrapper's view of the consumer, so that tests can substitute
// a fake (fake_test.go).
type committer interface {
	StoreOffsets([]kafka.TopicPartition) ([]kafka.TopicPartition, error)
	CommitOffsets([]kafka.TopicPartition) ([]kafka.TopicPartition, error)
}

type worker struct {
	client committer
}

func newWorker(c *kafka.Consumer) *worker { return &worker{client: c} }

// ack stores a processed message's partition through the interface.
func (w *worker) ack(m *kafka.Message) error {
	process(m)
	_, err := w.client.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `w\.client\.StoreOffsets stores the offset of message m itself`
	return err
}

// ackNext is ack done right.
func (w *worker) ackNext(m *kafka.Message) error {
	process(m)
	_, err := w.client.StoreOffsets([]kafka.TopicPartition{{Topic: m.TopicPartition.Topic, Partition: m.TopicPartition.Partition, Offset: m.TopicPartition.Offset + 1}})
	return err
}

// mark commits what its callers give it, through the interface.
func (w *worker) mark(tp kafka.TopicPartition) error {
	_, err := w.client.CommitOffsets([]kafka.TopicPartition{tp}) // want `w\.client\.CommitOffsets commits the offset of message m itself`
	return err
}

func (w *worker) handle(m *kafka.Message) error {
	process(m)
	return w.mark(m.TopicPartition)
}

// markNext is mark's twin: its caller passes the next offset.
func (w *worker) markNext(tp kafka.TopicPartition) error {
	_, err := w.client.CommitOffsets([]kafka.TopicPartition{tp})
	return err
}

func (w *worker) handleNext(m *kafka.Message) error {
	process(m)
	tp := m.TopicPartition
	tp.Offset = m.TopicPartition.Offset + 1
	return w.markNext(tp)
}

// closer is an adapter that overrides one method of the consumer it embeds.
type closer struct{ *kafka.Consumer }

func (c closer) Close() error { return c.Consumer.Close() }

func throughAdapter(c *kafka.Consumer, m *kafka.Message) {
	var cm committer = closer{c}
	cm.CommitOffsets([]kafka.TopicPartition{m.TopicPartition}) // want `cm\.CommitOffsets commits the offset of message m itself`
}

// replayer is only ever given a fake (fake_test.go): nothing to report.
type replayer struct {
	client committer
}

func (r *replayer) replay(m *kafka.Message) {
	r.client.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // fine: a fake
}

// batcher collects the partitions of processed messages in a field and
// commits them in one call.
type batcher struct {
	c       *kafka.Consumer
	pending []kafka.TopicPartition
}

func (b *batcher) add(m *kafka.Message) {
	process(m)
	b.pending = append(b.pending, m.TopicPartition)
}

func (b *batcher) flush() error {
	_, err := b.c.CommitOffsets(b.pending) // want `b\.c\.CommitOffsets commits the offset of message m itself`
	b.pending = b.pending[:0]
	return err
}

// nextBatcher is batcher done right.
type nextBatcher struct {
	c       *kafka.Consumer
	pending []kafka.TopicPartition
}

func (b *nextBatcher) add(m *kafka.Message) {
	process(m)
	tp := m.TopicPartition
	tp.Offset++
	b.pending = append(b.pending, tp)
}

func (b *nextBatcher) flush() error {
	_, err := b.c.CommitOffsets(b.pending)
	b.pending = nil
	return err
}

// advance moves a message's offset past it, for the callers that store it.
func advance(m *kafka.Message) { m.TopicPartition.Offset++ }

func advancedByHelper(c *kafka.Consumer, m *kafka.Message) {
	process(m)
	advance(m)
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // fine: advance added 1
}
