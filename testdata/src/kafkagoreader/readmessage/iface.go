package readmessage

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

// The program's reader interface: ReadMessage through it on a group reader,
// then processing that can fail.
type messageReader interface {
	ReadMessage(ctx context.Context) (kafka.Message, error)
	Close() error
}

type importer struct {
	r     messageReader
	store func(order) error
}

func newImporter(brokers []string, store func(order) error) *importer {
	return &importer{r: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "imports", Topic: "orders"}), store: store}
}

func (i *importer) run(ctx context.Context) error {
	defer i.r.Close()
	for {
		m, err := i.r.ReadMessage(ctx) // want `i.r.ReadMessage on a group reader commits the message before it is processed, use FetchMessage and call CommitMessages after processing`
		if err != nil {
			return err
		}
		var o order
		if err := json.Unmarshal(m.Value, &o); err != nil {
			log.Printf("bad order: %v", err)
			continue
		}
		if err := i.store(o); err != nil {
			return err
		}
	}
}

// Silent twin: only logged.
type logger struct{ r messageReader }

func newLogger(brokers []string) *logger {
	return &logger{r: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "log", Topic: "orders"})}
}

func (l *logger) run(ctx context.Context) {
	for {
		m, err := l.r.ReadMessage(ctx)
		if err != nil {
			return
		}
		log.Printf("%s", m.Value)
	}
}
