package v0

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

// FetchMessage on a group reader and no commit anywhere.
func fetchOnly(ctx context.Context, brokers []string) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "billing", Topic: "invoices"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx) // want `r.FetchMessage on a group reader, and nothing commits on it, call r.CommitMessages after processing \(FetchMessage does not commit: every restart reads again from the group's last committed offset\)`
		if err != nil {
			return
		}
		var v map[string]any
		if err := json.Unmarshal(m.Value, &v); err != nil {
			log.Print(err)
		}
	}
}

// Silent twin: committed after processing, in a method of the package.
type worker struct{ reader *kafka.Reader }

func newWorker(brokers []string, group string) *worker {
	return &worker{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: group, Topic: "invoices"})}
}

func (w *worker) run(ctx context.Context) error {
	for {
		m, err := w.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		w.ack(ctx, m)
	}
}

func (w *worker) ack(ctx context.Context, m kafka.Message) {
	if err := w.reader.CommitMessages(ctx, m); err != nil {
		log.Print(err)
	}
}

// Silent twin: the reader is returned to other packages, which may commit.
func NewGroupReader(brokers []string) *kafka.Reader { // want NewGroupReader:`reader {Brokers GroupID Topic}`
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, GroupID: "g", Topic: "t"})
	r.FetchMessage(context.Background())
	return r
}
