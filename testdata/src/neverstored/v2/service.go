// Package v2 holds neverstored cases against the v2 stub, written the way
// services are: the consumer behind an interface of the program's own, made by
// a function value, configured by functional options, wrapped by adapters.
package v2

import (
	"fmt"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// client is what the services need of a consumer.
type client interface {
	ReadMessage(timeout time.Duration) (*kafka.Message, error)
	StoreMessage(m *kafka.Message) ([]kafka.TopicPartition, error)
	Close() error
}

// service stores after processing, through client.
type service struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
	handle    func(*kafka.Message) error
}

// option configures a service.
type option func(*service)

// withAutoStore turns the automatic store back on; callers may or may not pass it.
func withAutoStore() option {
	return func(s *service) { s.cm["enable.auto.offset.store"] = true }
}

func newStoringClient(cm *kafka.ConfigMap) (client, error) {
	c, err := kafka.NewConsumer(cm)
	if err != nil {
		return nil, fmt.Errorf("new consumer: %w", err)
	}
	return c, nil
}

func newService(brokers string, opts ...option) *service {
	s := &service{
		cm: kafka.ConfigMap{
			"bootstrap.servers":        brokers,
			"group.id":                 "orders",
			"enable.auto.offset.store": false,
		},
		newClient: newStoringClient,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) run() error {
	c, err := s.newClient(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	for {
		msg, err := s.client.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := s.handle(msg); err != nil {
			return err
		}
		if _, err := s.client.StoreMessage(msg); err != nil {
			log.Printf("store: %v", err)
		}
	}
}

// forgetfulService is the same service without the store; an option may turn
// the automatic store back on, but by default it is off.
type forgetfulService struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (client, error)
	client    client
}

type forgetfulOption func(*forgetfulService)

func withForgetfulAutoStore() forgetfulOption {
	return func(s *forgetfulService) { s.cm["enable.auto.offset.store"] = true }
}

func newForgetfulClient(cm *kafka.ConfigMap) (client, error) {
	c, err := kafka.NewConsumer(cm) // want `consumer with enable\.auto\.offset\.store=false never stores an offset`
	if err != nil {
		return nil, fmt.Errorf("new consumer: %w", err)
	}
	return c, nil
}

func newForgetfulService(brokers string, opts ...forgetfulOption) *forgetfulService {
	s := &forgetfulService{
		cm: kafka.ConfigMap{
			"bootstrap.servers":        brokers,
			"group.id":                 "shipments",
			"enable.auto.offset.store": false,
		},
		newClient: newForgetfulClient,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *forgetfulService) run() error {
	c, err := s.newClient(&s.cm)
	if err != nil {
		return err
	}
	s.client = c
	for {
		msg, err := s.client.ReadMessage(time.Second)
		if err == nil {
			log.Print(string(msg.Value))
		}
	}
}

func start() {
	go newService("localhost:9092", withAutoStore()).run()
	go newForgetfulService("localhost:9092", withForgetfulAutoStore()).run()
}

// maybeManual turns the automatic store off only on one branch: the default
// path stores automatically.
func maybeManual(brokers string, manual bool) error {
	cm := kafka.ConfigMap{"bootstrap.servers": brokers, "group.id": "maybe"}
	if manual {
		cm["enable.auto.offset.store"] = false
	}
	c, err := kafka.NewConsumer(&cm)
	if err != nil {
		return err
	}
	_, err = c.ReadMessage(-1)
	return err
}

// tracked adapts *kafka.Consumer to client and counts reads; StoreMessage is
// the consumer's own.
type tracked struct {
	*kafka.Consumer
	reads int
}

func (t *tracked) ReadMessage(timeout time.Duration) (*kafka.Message, error) {
	t.reads++
	return t.Consumer.ReadMessage(timeout)
}

func runTracked(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "tracked",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	var cl client = &tracked{Consumer: c}
	for {
		msg, err := cl.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		cl.StoreMessage(msg)
	}
}

// Group exposes its consumer in an exported field: other packages may store.
type Group struct {
	Consumer *kafka.Consumer
}

func newGroup(brokers string) (*Group, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "exported",
		"enable.auto.commit": false,
	})
	if err != nil {
		return nil, err
	}
	return &Group{Consumer: c}, nil
}

// pool keeps its consumers in a slice, whose elements are not followed.
type pool struct {
	consumers []*kafka.Consumer
}

func (p *pool) add(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "pooled",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	p.consumers = append(p.consumers, c)
	return nil
}

// rebalancing assigns what the group hands it and never commits.
func rebalancing(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // want `consumer with enable\.auto\.commit=false never commits`
		"bootstrap.servers":  brokers,
		"group.id":           "rebalancing",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	err = c.SubscribeTopics([]string{"events"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			return c.Unassign()
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		if _, err := c.ReadMessage(-1); err != nil {
			return err
		}
	}
}

// rebalancingCommit is its twin, which commits before giving partitions up.
func rebalancingCommit(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":  brokers,
		"group.id":           "rebalancing2",
		"enable.auto.commit": false,
	})
	if err != nil {
		return err
	}
	err = c.SubscribeTopics([]string{"events"}, func(c *kafka.Consumer, ev kafka.Event) error {
		switch e := ev.(type) {
		case kafka.AssignedPartitions:
			return c.Assign(e.Partitions)
		case kafka.RevokedPartitions:
			c.Commit()
			return c.Unassign()
		}
		return nil
	})
	if err != nil {
		return err
	}
	for {
		if _, err := c.ReadMessage(-1); err != nil {
			return err
		}
	}
}

// ackFunc stores through a method value.
func ackFunc(brokers string) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{
		"bootstrap.servers":        brokers,
		"group.id":                 "methodvalue",
		"enable.auto.offset.store": false,
	})
	if err != nil {
		return err
	}
	ack := c.StoreMessage
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			return err
		}
		ack(msg)
	}
}
