// Package gopkgin holds the v1 readtimeout cases on the gopkg.in import path
// (v1.9.2, which has no Error.IsTimeout), each with its negative twin.
package gopkgin

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

type worker struct {
	consumer *kafka.Consumer
	timeout  time.Duration
}

func (w *worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := w.consumer.ReadMessage(w.timeout)
		if err != nil {
			return err // want `return on any error of w\.consumer\.ReadMessage, also on the ErrTimedOut it returns when no message arrives in time`
		}
		fmt.Println(msg)
	}
	return ctx.Err()
}

func (w *worker) RunChecked(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := w.consumer.ReadMessage(w.timeout)
		if err != nil {
			var kerr kafka.Error
			if errors.As(err, &kerr) && kerr.Code() == kafka.ErrTimedOut {
				continue
			}
			return err
		}
		fmt.Println(msg)
	}
	return ctx.Err()
}

func fatal(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			log.Fatalf("consumer error: %v (%v)", err, msg) // want `log\.Fatalf on any error of c\.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 100ms`
		}
	}
}

func fatalForever(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Fatalf("consumer error: %v (%v)", err, msg)
		}
	}
}

func exits(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%% Error: %v (%v)\n", err, msg)
			os.Exit(1) // want `os\.Exit on any error of c\.ReadMessage`
		}
	}
}

func logsOnly(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%% Error: %v (%v)\n", err, msg)
		}
	}
}

func breaks(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			break // want `break out of the loop on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

func breaksOnOtherErrors(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			if err.(kafka.Error).Code() == kafka.ErrTimedOut {
				continue
			}
			break
		}
		fmt.Println(msg)
	}
}
