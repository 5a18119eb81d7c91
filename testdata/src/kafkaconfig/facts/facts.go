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
