package v1

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// A consumer that keeps librdkafka's automatic offset store (the default) and
// stores offsets itself: every store fails with ErrInvalidArg.
type ingest struct {
	c *kafka.Consumer
}

func newIngest() (*ingest, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ingest"})
	if err != nil {
		return nil, err
	}
	return &ingest{c: c}, nil
}

func (i *ingest) run() {
	for {
		m, err := i.c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		i.c.StoreMessage(m) // want `i\.c\.StoreMessage on a consumer with enable\.auto\.offset\.store=true \(the default\) fails with ErrInvalidArg and stores nothing`
	}
}

// The same consumer with the store turned off: its stores work.
func newManualIngest() (*ingest, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "ingest", "enable.auto.offset.store": false})
	if err != nil {
		return nil, err
	}
	return &ingest{c: c}, nil
}

func manualRun(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err == nil {
			c.StoreMessage(m) // fine: the parameter is not traced to a construction site
		}
	}
}

// An option that may turn the automatic store off keeps the store silent.
type tunable struct{ cm kafka.ConfigMap }

func withManualStore() func(*tunable) {
	return func(t *tunable) { t.cm["enable.auto.offset.store"] = false }
}

func runTunable(opts ...func(*tunable)) {
	t := &tunable{cm: kafka.ConfigMap{"group.id": "tunable"}}
	for _, o := range opts {
		o(t)
	}
	c, _ := kafka.NewConsumer(&t.cm)
	m, _ := c.ReadMessage(-1)
	c.StoreMessage(m) // fine: withManualStore may turn the automatic store off
}
