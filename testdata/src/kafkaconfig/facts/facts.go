// Package facts exports the configurations and consumers its exported functions
// build, for the packages that import it.
package facts

import "github.com/confluentinc/confluent-kafka-go/kafka"

const group = "orders"

// Base returns shared settings.
func Base() kafka.ConfigMap { // want Base:`config \{enable\.auto\.offset\.store=false group\.id=orders\}`
	return kafka.ConfigMap{"group.id": group, "enable.auto.offset.store": false}
}

// New builds a consumer from Base.
func New() (*kafka.Consumer, error) { // want New:`consumer \{bootstrap\.servers=localhost enable\.auto\.offset\.store=false group\.id=orders\}`
	cfg := Base()
	cfg.SetKey("bootstrap.servers", "localhost")
	return kafka.NewConsumer(&cfg)
}

// FromFlag builds a map with a value the analysis cannot know: the key is known,
// its value is not.
func FromFlag(v string) kafka.ConfigMap { // want FromFlag:`config \{group\.id=\?\}`
	return kafka.ConfigMap{"group.id": v}
}

// Either returns one of two maps: no fact, the analysis does not guess.
func Either(b bool) *kafka.ConfigMap {
	if b {
		return &kafka.ConfigMap{"group.id": "a"}
	}
	return &kafka.ConfigMap{"group.id": "b"}
}

func unexported() kafka.ConfigMap { // no fact: other packages cannot call it
	return kafka.ConfigMap{"group.id": "x"}
}

// ManualStore writes into its caller's map: the writes are its fact, applied
// where the caller calls it.
func ManualStore(cm *kafka.ConfigMap) { // want ManualStore:`writes param 0: enable\.auto\.offset\.store=false`
	_ = cm.SetKey("enable.auto.offset.store", false)
}

// Tune writes by index assignment, one setting only when asked to.
func Tune(cm kafka.ConfigMap, manual bool) { // want Tune:`writes param 0: session\.timeout\.ms=6000; writes param 0: enable\.auto\.commit=false \(some paths\)`
	cm["session.timeout.ms"] = 6000
	if manual {
		cm["enable.auto.commit"] = false
	}
}

// Keep takes a map and writes nothing into it: no fact.
func Keep(cm *kafka.ConfigMap) *kafka.ConfigMap { return cm }

// Traced is a tracing wrapper: it embeds the consumer.
type Traced struct {
	*kafka.Consumer
	span string
}

// NewTraced makes the consumer from its caller's map, after one write of its
// own: callers resolve their argument and add the write.
func NewTraced(conf *kafka.ConfigMap) (*Traced, error) { // want NewTraced:`consumer from param 0 \{client\.id=traced\}` NewTraced:`writes param 0: client\.id=traced`
	_ = conf.SetKey("client.id", "traced")
	c, err := kafka.NewConsumer(conf)
	if err != nil {
		return nil, err
	}
	return &Traced{Consumer: c, span: "kafka"}, nil
}

// Settings is a typed settings struct that Render turns into a ConfigMap.
type Settings struct {
	Group     string
	Brokers   string
	AutoStore bool
	Interval  int
}

// Render renders the settings: its fact names the fields it reads.
func (s Settings) Render() *kafka.ConfigMap { // want Render:`config \{auto\.commit\.interval\.ms=\? enable\.auto\.offset\.store=\? group\.id=\?\}`
	return &kafka.ConfigMap{"group.id": s.Group, "enable.auto.offset.store": s.AutoStore, "auto.commit.interval.ms": s.Interval}
}

// DefaultSettings returns the defaults: its fact has each field's constant,
// the zero values of the fields it leaves out too.
func DefaultSettings() Settings { // want DefaultSettings:`settings \{AutoStore=true Brokers="" Group="orders" Interval=0\}`
	return Settings{Group: "orders", AutoStore: true}
}

// ChangedSettings changes a field of a copy after the call that returns it.
func ChangedSettings() *Settings { // want ChangedSettings:`settings \{AutoStore=false Brokers="" Group="orders" Interval=1000\}`
	s := DefaultSettings()
	s.AutoStore = false
	s.Interval = 1000
	return &s
}

// BranchSettings sets a field on one path only: no constant for it.
func BranchSettings(manual bool, group string) Settings { // want BranchSettings:`settings \{Brokers="" Interval=0\}`
	s := Settings{Group: group, AutoStore: true}
	if manual {
		s.AutoStore = false
	}
	return s
}
