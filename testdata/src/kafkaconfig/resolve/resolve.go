// Package resolve exercises the configuration resolver: each NewConsumer line
// carries the expected resolution in a "config:" comment, read by the test.
package resolve

import (
	"os"

	"kafkaconfig/facts"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

const (
	storeKey = "enable.auto.offset.store"
	off      = "false"
)

func literal() {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", storeKey: false}) // config: complete {enable.auto.offset.store=false group.id=g}
}

func setKeyAndSet() {
	m := kafka.ConfigMap{"group.id": "g"}
	m.SetKey(storeKey, off)
	m.Set("enable.auto.commit=true")
	m["auto.commit.interval.ms"] = 1000
	kafka.NewConsumer(&m)                // config: complete {auto.commit.interval.ms=1000 enable.auto.commit=true enable.auto.offset.store=false group.id=g}
	m.SetKey("session.timeout.ms", 6000) // after the call: irrelevant to it
}

func pointerVar() {
	m := &kafka.ConfigMap{"group.id": "g"}
	m.SetKey("enable.auto.commit", false)
	kafka.NewConsumer(m) // config: complete {enable.auto.commit=false group.id=g}
}

func nested() {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "default.topic.config": kafka.ConfigMap{"auto.offset.reset": "earliest"}}) // config: complete {default.topic.config=? group.id=g}
}

func fromEnv() {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": os.Getenv("GROUP")}) // config: complete {group.id=?}
}

func unknownKey(k string) {
	kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", k: "x"}) // config: partial {group.id=g}
}

func escapes(apply func(*kafka.ConfigMap)) {
	m := kafka.ConfigMap{"group.id": "g"}
	apply(&m)
	kafka.NewConsumer(&m) // config: unknown
}

func reassigned(b bool) {
	m := kafka.ConfigMap{"group.id": "g"}
	if b {
		m = kafka.ConfigMap{"group.id": "h"}
	}
	kafka.NewConsumer(&m) // config: unknown
}

func helper() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}
}

func viaHelper() {
	kafka.NewConsumer(helper()) // config: complete {enable.auto.offset.store=false group.id=g}
}

func viaOtherPackage() {
	m := facts.Base()
	m.SetKey("enable.auto.commit", true)
	kafka.NewConsumer(&m) // config: complete {enable.auto.commit=true enable.auto.offset.store=false group.id=orders}
}

func parameter(m *kafka.ConfigMap) {
	kafka.NewConsumer(m) // config: unknown
}

func consumerFromOtherPackage() {
	facts.New() // config: complete {bootstrap.servers=localhost enable.auto.offset.store=false group.id=orders}
}

var shared = &kafka.ConfigMap{"group.id": "g"}

func init() {
	shared.SetKey("enable.auto.offset.store", false)
}

func packageVariable() {
	kafka.NewConsumer(shared) // config: complete {enable.auto.offset.store=false group.id=g}
}

var Exported = &kafka.ConfigMap{"group.id": "g"}

func exportedPackageVariable() {
	kafka.NewConsumer(Exported) // config: unknown
}

// A write on a branch is a possibility, not a certainty.
func conditional(manual bool) {
	m := kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}
	if manual {
		m.SetKey("enable.auto.commit", false)
	}
	kafka.NewConsumer(&m) // config: complete {enable.auto.offset.store=false group.id=g} maybe {enable.auto.commit=false@resolve.go:105}
}

// A helper that checks each SetKey's error: the failure returns do not reach
// the constructor, so every write counts.
func checkedHelper() (*kafka.ConfigMap, error) {
	m := &kafka.ConfigMap{}
	if err := m.SetKey("group.id", "g"); err != nil {
		return nil, err
	}
	if err := m.SetKey("enable.auto.offset.store", false); err != nil {
		return nil, err
	}
	return m, nil
}

func viaCheckedHelper() {
	m, err := checkedHelper()
	if err != nil {
		return
	}
	kafka.NewConsumer(m) // config: complete {enable.auto.offset.store=false group.id=g}
}

// Functional options write into a map held in a struct field; the constructor
// is a function value whose default calls NewConsumer.
type service struct {
	cm        kafka.ConfigMap
	newClient func(*kafka.ConfigMap) (*kafka.Consumer, error)
}

type option func(*service)

func withManualCommit() option {
	return func(s *service) { s.cm.SetKey("enable.auto.commit", false) }
}

func withGroup(g string) option {
	return func(s *service) { s.cm["group.id"] = g }
}

func newConsumer(cm *kafka.ConfigMap) (*kafka.Consumer, error) {
	return kafka.NewConsumer(cm) // config: complete {bootstrap.servers=? enable.auto.offset.store=false} maybe {enable.auto.commit=false@resolve.withManualCommit group.id=?@resolve.withGroup}
}

func newService(brokers string, opts ...option) *service {
	s := &service{
		cm:        kafka.ConfigMap{"bootstrap.servers": brokers, "enable.auto.offset.store": false},
		newClient: newConsumer,
	}
	for _, o := range opts {
		o(s)
	}
	return s
}

func (s *service) start() {
	s.newClient(&s.cm)
}

// A map handed to a function of another package may be changed there.
func handedOver() {
	m := kafka.ConfigMap{"group.id": "g"}
	os.Setenv("X", m["group.id"].(string))
	fillDefaults(&m)
	kafka.NewConsumer(&m) // config: complete {enable.auto.offset.store=false group.id=g}
}

// fillDefaults is called on every path: its writes count.
func fillDefaults(m *kafka.ConfigMap) {
	m.SetKey("enable.auto.offset.store", false)
}
