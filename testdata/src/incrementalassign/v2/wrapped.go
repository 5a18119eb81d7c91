package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Consumers written the way real services are: behind an interface of the
// program's own, made by a function value, configured by functional options.

// client is what the services need of a consumer.
type client interface {
	SubscribeTopics(topics []string, cb kafka.RebalanceCb) error
	Poll(timeoutMs int) kafka.Event
	Assign(partitions []kafka.TopicPartition) error
	Unassign() error
	IncrementalAssign(partitions []kafka.TopicPartition) error
	IncrementalUnassign(partitions []kafka.TopicPartition) error
	GetRebalanceProtocol() string
}

// Option configures a Service.
type Option func(*Service)

// WithGroup sets the consumer group.
func WithGroup(group string) Option {
	return func(s *Service) { s.cm["group.id"] = group }
}

// Service is cooperative on every path: no option changes the strategy.
type Service struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

func newServiceClient(cm *kafka.ConfigMap) (client, error) { return kafka.NewConsumer(cm) }

// New builds a Service configured by options.
func New(opts ...Option) *Service {
	s := &Service{
		cm:        kafka.ConfigMap{"bootstrap.servers": "localhost", "partition.assignment.strategy": "cooperative-sticky"},
		newClient: newServiceClient,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Run subscribes with a method value as the callback.
func (s *Service) Run(topics []string) error {
	c, err := s.newClient(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	return s.client.SubscribeTopics(topics, s.rebalance)
}

func (s *Service) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return s.client.Assign(e.Partitions) // want `s\.client\.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign`
	case kafka.RevokedPartitions:
		return s.client.Unassign() // want `s\.client\.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky, use IncrementalUnassign`
	}
	return nil
}

// Worker is the same shape done right.
type Worker struct {
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

func newWorkerClient(cm *kafka.ConfigMap) (client, error) { return kafka.NewConsumer(cm) }

// Run subscribes with a method value as the callback.
func (w *Worker) Run(topics []string) error {
	w.newClient = newWorkerClient
	c, err := w.newClient(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	if err != nil {
		return err
	}
	w.client = c
	return w.client.SubscribeTopics(topics, w.rebalance)
}

func (w *Worker) rebalance(_ *kafka.Consumer, ev kafka.Event) error {
	switch e := ev.(type) {
	case kafka.AssignedPartitions:
		return w.client.IncrementalAssign(e.Partitions) // fine
	case kafka.RevokedPartitions:
		if w.client.GetRebalanceProtocol() == "COOPERATIVE" {
			return w.client.IncrementalUnassign(e.Partitions)
		}
		return w.client.Unassign() // fine: chosen by GetRebalanceProtocol through the interface
	}
	return nil
}

// Poller handles rebalance events in its Poll loop, where the library never
// delivers them (v1.6.1 and later): pollrebalance reports the cases, and the
// eager calls in them cannot fail (issue 12).
type Poller struct{ client client }

func newPollerClient() (client, error) {
	return kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
}

// Run polls through the interface.
func (p *Poller) Run(topics []string) error {
	c, err := newPollerClient()
	if err != nil {
		return err
	}
	p.client = c
	if err := p.client.SubscribeTopics(topics, nil); err != nil {
		return err
	}
	for {
		switch e := p.client.Poll(100).(type) {
		case kafka.AssignedPartitions:
			p.client.Assign(e.Partitions) // fine: never runs
		case kafka.RevokedPartitions:
			p.client.Unassign() // fine: never runs
		}
	}
}

// pollLoop is the same with the consumer itself.
func pollLoop(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c.SubscribeTopics(topics, nil)
	for {
		var ev kafka.Event = c.Poll(100)
		if e, ok := ev.(kafka.AssignedPartitions); ok {
			c.Assign(e.Partitions) // fine: never runs
		}
	}
}
