// Package fetcherr holds reads whose error check falls through to the
// message (lileio/pubsub v2.5.0's kafka provider), and their silent twins.
package fetcherr

import (
	"context"
	"errors"
	"io"
	"log"
	"time"

	"github.com/segmentio/kafka-go"
)

// A Msg is a pub/sub library's message, acked by the application.
type Msg struct {
	ID   string
	Data []byte
	Ack  func()
}

type handler func(ctx context.Context, m Msg) error

// subscribe is lileio/pubsub's Subscribe: after a FetchMessage error the
// loop sleeps and goes on into handling and acking the zero message.
func subscribe(r *kafka.Reader, h handler, autoAck bool) {
	go func() {
		for {
			ctx := context.Background()
			m, err := r.FetchMessage(ctx)
			if err != nil {
				log.Printf("receive failed, reconnecting: %v", err)
				time.Sleep(time.Second)
			}

			msg := Msg{
				ID:   string(m.Key), // want `m is used here also when FetchMessage failed: the if err != nil at line 31 falls through, return or continue after the error \(FetchMessage returns the zero kafka\.Message with its error, which is then handled as if it were read\)`
				Data: m.Value,
				Ack: func() {
					r.CommitMessages(ctx, m)
				},
			}
			if err := h(ctx, msg); err != nil {
				break
			}
			if autoAck {
				msg.Ack()
			}
		}
	}()
}

// subscribeContinue is subscribe's silent twin: continue after the sleep.
func subscribeContinue(r *kafka.Reader, h handler) {
	go func() {
		for {
			ctx := context.Background()
			m, err := r.FetchMessage(ctx)
			if err != nil {
				log.Printf("receive failed, reconnecting: %v", err)
				time.Sleep(time.Second)
				continue
			}
			msg := Msg{ID: string(m.Key), Data: m.Value, Ack: func() { r.CommitMessages(ctx, m) }}
			if err := h(ctx, msg); err != nil {
				return
			}
		}
	}()
}

func process(kafka.Message) {}

// readLogged logs the ReadMessage error and processes the message anyway.
func readLogged(ctx context.Context, r *kafka.Reader) {
	m, err := r.ReadMessage(ctx)
	if err != nil {
		log.Println(err)
	}
	process(m) // want `m is used here also when ReadMessage failed: the if err != nil at line \d+ falls through`
}

// readReturn is readLogged's silent twin.
func readReturn(ctx context.Context, r *kafka.Reader) error {
	m, err := r.ReadMessage(ctx)
	if err != nil {
		log.Println(err)
		return err
	}
	process(m)
	return nil
}

// readFatal is the silent twin whose error branch does not return.
func readFatal(ctx context.Context, r *kafka.Reader) {
	m, err := r.ReadMessage(ctx)
	if err != nil {
		log.Fatalf("read: %v", err)
	}
	process(m)
}

// readSwitch is the silent twin whose error branch is a switch that leaves
// on every case.
func readSwitch(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			switch {
			case errors.Is(err, io.EOF):
				return nil
			default:
				return err
			}
		}
		process(m)
	}
}

// readCheckedAgain is the silent twin that checks the error again before
// the message is used.
func readCheckedAgain(ctx context.Context, r *kafka.Reader) {
	m, err := r.FetchMessage(ctx)
	if err != nil {
		log.Println(err)
	}
	if err == nil {
		process(m)
	}
}

// fetcher is the program's own interface a reader is kept behind.
type fetcher interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

// throughInterface reads through the program's interface.
func throughInterface(ctx context.Context, f fetcher) {
	for ctx.Err() == nil {
		m, err := f.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
			time.Sleep(time.Second)
		}
		process(m) // want `m is used here also when FetchMessage failed`
		f.CommitMessages(ctx, m)
	}
}

// throughInterfaceContinue is throughInterface's silent twin.
func throughInterfaceContinue(ctx context.Context, f fetcher) {
	for ctx.Err() == nil {
		m, err := f.FetchMessage(ctx)
		if err != nil {
			log.Printf("fetch: %v", err)
			time.Sleep(time.Second)
			continue
		}
		process(m)
		f.CommitMessages(ctx, m)
	}
}
