package v2

import (
	"fmt"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Consumers written the way real services are: behind an interface of the
// program's own, made by a function value, configured by functional options.

// client is what the services need of a consumer.
type client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Poll(timeoutMs int) kafka.Event
	Events() chan kafka.Event
	Unassign() error
}

// Option configures a Service.
type Option func(*Service)

// WithGroup sets the consumer group.
func WithGroup(group string) Option {
	return func(s *Service) { s.cm["group.id"] = group }
}

// Service polls through its interface.
type Service struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

func newKafkaClient(cm *kafka.ConfigMap) (client, error) {
	c, err := kafka.NewConsumer(cm)
	if err != nil {
		return nil, fmt.Errorf("new consumer: %w", err)
	}
	return c, nil
}

// New builds a Service configured by options.
func New(brokers string, opts ...Option) *Service {
	s := &Service{cm: kafka.ConfigMap{"bootstrap.servers": brokers}, newClient: newKafkaClient}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Run polls and hands every event to handle.
func (s *Service) Run(topics []string) error {
	c, err := s.newClient(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	if err := s.client.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	for {
		s.handle(s.client.Poll(100))
	}
}

func (s *Service) handle(ev kafka.Event) {
	switch e := ev.(type) {
	case *kafka.Message:
		process(e)
	case kafka.RevokedPartitions: // want `RevokedPartitions case on s\.client\.Poll events never matches on .*\(Poll returns no rebalance events since v1\.6\.1\)`
		s.client.Unassign()
	}
}

// Stream reads the channel, but none of its options turns it on.
type Stream struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

// StreamOption configures a Stream.
type StreamOption func(*Stream)

// StreamGroup sets the consumer group.
func StreamGroup(group string) StreamOption {
	return func(s *Stream) { s.cm["group.id"] = group }
}

func newStreamClient(cm *kafka.ConfigMap) (client, error) {
	return kafka.NewConsumer(cm)
}

// NewStream builds a Stream configured by options.
func NewStream(brokers string, opts ...StreamOption) *Stream {
	s := &Stream{cm: kafka.ConfigMap{"bootstrap.servers": brokers}, newClient: newStreamClient}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Run selects on the channel.
func (s *Stream) Run(topics []string, done chan struct{}) error {
	c, err := s.newClient(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	if err := s.client.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	for {
		select {
		case ev := <-s.client.Events():
			switch ev.(type) {
			case kafka.RevokedPartitions: // want `RevokedPartitions case on s\.client\.Events\(\) events never matches, use Poll .*\(go\.events\.channel\.enable is false: nothing is sent on Events\(\)\)`
				s.client.Unassign()
			}
		case <-done:
			return nil
		}
	}
}

// Feed reads the channel too, but its option turns the channel on, with the
// rebalance events on it.
type Feed struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

// FeedOption configures a Feed.
type FeedOption func(*Feed)

// FeedChannel turns the Events() channel on, with the rebalance events on it.
func FeedChannel() FeedOption {
	return func(f *Feed) {
		f.cm["go.events.channel.enable"] = true
		f.cm["go.application.rebalance.enable"] = true
	}
}

func newFeedClient(cm *kafka.ConfigMap) (client, error) {
	return kafka.NewConsumer(cm)
}

// NewFeed builds a Feed configured by options.
func NewFeed(brokers string, opts ...FeedOption) *Feed {
	f := &Feed{cm: kafka.ConfigMap{"bootstrap.servers": brokers}, newClient: newFeedClient}
	for _, o := range opts {
		o(f)
	}
	return f
}

// Run selects on the channel.
func (f *Feed) Run(topics []string, done chan struct{}) error {
	c, err := f.newClient(&f.cm)
	if err != nil {
		return err
	}
	f.client = c
	if err := f.client.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	for {
		select {
		case ev := <-f.client.Events():
			switch ev.(type) {
			case kafka.RevokedPartitions: // fine: FeedChannel may turn the channel and its rebalance events on
				f.client.Unassign()
			}
		case <-done:
			return nil
		}
	}
}

func newPlainClient() (client, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"})
}

// Hybrid hands its Poll events and its rebalance callback's events to one
// handler: the case runs for the callback's.
type Hybrid struct{ client client }

// Run subscribes with a method value as the callback, then polls.
func (h *Hybrid) Run(topics []string) error {
	c, err := newPlainClient()
	if err != nil {
		return err
	}
	h.client = c
	if err := h.client.SubscribeTopics(topics, h.rebalance); err != nil {
		return err
	}
	for {
		h.handle(h.client.Poll(100))
	}
}

func (h *Hybrid) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	h.handle(ev)
	return nil
}

func (h *Hybrid) handle(ev kafka.Event) {
	switch ev.(type) {
	case kafka.RevokedPartitions: // fine: the rebalance callback's events reach it
		h.client.Unassign()
	}
}

// replay is a client of the program's own that returns recorded events.
type replay struct{ events []kafka.Event }

func (r *replay) SubscribeTopics([]string, kafka.RebalanceCb) error { return nil }
func (r *replay) Events() chan kafka.Event                          { return nil }
func (r *replay) Unassign() error                                   { return nil }
func (r *replay) Poll(int) kafka.Event {
	if len(r.events) == 0 {
		return nil
	}
	ev := r.events[0]
	r.events = r.events[1:]
	return ev
}

// Replayer polls a consumer or a recording of one.
type Replayer struct{ client client }

// NewReplayer polls the recording when there is one.
func NewReplayer(recorded []kafka.Event) (*Replayer, error) {
	if recorded != nil {
		return &Replayer{client: &replay{events: recorded}}, nil
	}
	c, err := newPlainClient()
	if err != nil {
		return nil, err
	}
	return &Replayer{client: c}, nil
}

// Run polls.
func (r *Replayer) Run() {
	for {
		switch r.client.Poll(100).(type) {
		case kafka.RevokedPartitions: // fine: the recording's Poll may return it
			r.client.Unassign()
		}
	}
}

// varDecl declares the event with its interface type (issue 8: revokecommit
// reported a commit here while this pass reported the case as dead).
func varDecl(c *kafka.Consumer) {
	for {
		var ev kafka.Event = c.Poll(100)
		switch ev.(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on c\.Poll events never matches`
			drain()
		}
	}
}
