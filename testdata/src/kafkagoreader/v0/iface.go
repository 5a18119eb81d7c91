package v0

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

// The program's own reader interface, so that tests can fake the reader: the
// service fetches through it and never commits.
type messageReader interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
	Close() error
}

type billing struct {
	reader messageReader
}

func billingConfig(brokers []string) kafka.ReaderConfig {
	return kafka.ReaderConfig{Brokers: brokers, GroupID: "billing", Topic: "invoices"}
}

func newBilling(brokers []string) *billing {
	return &billing{reader: kafka.NewReader(billingConfig(brokers))}
}

func (b *billing) run(ctx context.Context) error {
	defer b.reader.Close()
	for {
		m, err := b.reader.FetchMessage(ctx) // want `b.reader.FetchMessage on a group reader, and nothing commits on it, call b.reader.CommitMessages after processing \(FetchMessage does not commit: every restart reads again from the group's last committed offset\)`
		if err != nil {
			return err
		}
		var v map[string]any
		if err := json.Unmarshal(m.Value, &v); err != nil {
			log.Print(err)
		}
	}
}

// Silent twin: committed through the interface after processing.
type shipping struct {
	reader messageReader
}

func newShipping(brokers []string) *shipping {
	cfg := billingConfig(brokers)
	cfg.Topic = "shipments"
	return &shipping{reader: kafka.NewReader(cfg)}
}

func (s *shipping) run(ctx context.Context) error {
	for {
		m, err := s.reader.FetchMessage(ctx)
		if err != nil {
			return err
		}
		log.Printf("%s", m.Value)
		if err := s.reader.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// A reader without a group behind the interface: CommitMessages always
// fails, and the error is dropped.
type audit struct {
	reader messageReader
}

func newAudit(brokers []string) *audit {
	return &audit{reader: kafka.NewReader(kafka.ReaderConfig{Brokers: brokers, Topic: "audit", Partition: 0})}
}

func (a *audit) run(ctx context.Context) {
	for {
		m, err := a.reader.FetchMessage(ctx)
		if err != nil {
			return
		}
		a.reader.CommitMessages(ctx, m) // want `a.reader.CommitMessages on a reader without GroupID always fails and its error is ignored, set GroupID or drop the call \(nothing is committed\)`
	}
}

// Silent twin: the interface value leaves the package's sight (an exported
// function returns it), where something may commit.
func NewBillingReader(brokers []string) messageReader {
	var r messageReader = kafka.NewReader(billingConfig(brokers))
	r.FetchMessage(context.Background())
	return r
}
