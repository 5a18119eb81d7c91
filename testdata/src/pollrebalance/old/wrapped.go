package old

import "github.com/confluentinc/confluent-kafka-go/kafka"

// Before v1.6.1, Poll returns rebalance events when
// go.application.rebalance.enable is true and no callback is registered: the
// configuration decides, also when it is built by options and the consumer is
// behind an interface of the program's own.

type client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Poll(timeoutMs int) kafka.Event
	Unassign() error
}

// Service has no option that turns go.application.rebalance.enable on.
type Service struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

// Option configures a Service.
type Option func(*Service)

// WithGroup sets the consumer group.
func WithGroup(group string) Option {
	return func(s *Service) { s.cm["group.id"] = group }
}

func newServiceClient(cm *kafka.ConfigMap) (client, error) { return kafka.NewConsumer(cm) }

// New builds a Service configured by options.
func New(opts ...Option) *Service {
	s := &Service{cm: kafka.ConfigMap{"bootstrap.servers": "localhost"}, newClient: newServiceClient}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Run polls through the interface.
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
		switch s.client.Poll(100).(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on s\.client\.Poll events never matches, .*\(go\.application\.rebalance\.enable is false: the client assigns partitions itself and Poll returns no rebalance events\)`
			s.client.Unassign()
		}
	}
}

// Worker's option may turn the flag on: the case may run.
type Worker struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

// WorkerOption configures a Worker.
type WorkerOption func(*Worker)

// WithRebalanceEvents has Poll return the rebalance events.
func WithRebalanceEvents() WorkerOption {
	return func(w *Worker) { w.cm["go.application.rebalance.enable"] = true }
}

func newWorkerClient(cm *kafka.ConfigMap) (client, error) { return kafka.NewConsumer(cm) }

// NewWorker builds a Worker configured by options.
func NewWorker(opts ...WorkerOption) *Worker {
	w := &Worker{cm: kafka.ConfigMap{"bootstrap.servers": "localhost"}, newClient: newWorkerClient}
	for _, o := range opts {
		o(w)
	}
	return w
}

// Run polls through the interface.
func (w *Worker) Run(topics []string) error {
	c, err := w.newClient(&w.cm)
	if err != nil {
		return err
	}
	w.client = c
	if err := w.client.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	for {
		switch w.client.Poll(100).(type) {
		case kafka.RevokedPartitions: // fine: WithRebalanceEvents may turn the flag on
			w.client.Unassign()
		}
	}
}

// Callback turns the flag on but registers a callback through the interface:
// the callback receives the events.
type Callback struct{ client client }

func newCallbackClient() (client, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
}

// Run subscribes with a callback, then polls.
func (cb *Callback) Run(topics []string) error {
	c, err := newCallbackClient()
	if err != nil {
		return err
	}
	cb.client = c
	if err := cb.client.SubscribeTopics(topics, cb.rebalance); err != nil {
		return err
	}
	for {
		switch cb.client.Poll(100).(type) {
		case kafka.RevokedPartitions: // want `RevokedPartitions case on cb\.client\.Poll events never matches, move the handling into the rebalance callback passed to SubscribeTopics \(rebalance events go to the callback, not to Poll\)`
			drain()
		}
	}
}

func (cb *Callback) rebalance(c *kafka.Consumer, ev kafka.Event) error {
	if _, ok := ev.(kafka.RevokedPartitions); ok { // fine: the callback
		drain()
	}
	return nil
}
