// Package v2 holds readtimeout cases against the v2 stub: bad.go the reported
// loops, good.go their negative twins.
package v2

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type worker struct {
	consumer    *kafka.Consumer
	pollTimeout time.Duration
	handle      func(*kafka.Message) error
}

// Run is the worker's loop: any error, the timeout included, ends it.
func (w *worker) Run(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		msg, err := w.consumer.ReadMessage(w.pollTimeout)
		if err != nil {
			return fmt.Errorf("reading: %w", err) // want `return on any error of w\.consumer\.ReadMessage, also on the ErrTimedOut it returns when no message arrives in time \(consumption stops at the first quiet period\)`
		}
		if err := w.handle(msg); err != nil {
			return err
		}
	}
}

func runFlag(c *kafka.Consumer) error {
	run := true
	for run {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			return err // want `return on any error of c\.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 100ms`
		}
		fmt.Println(msg)
	}
	return nil
}

func fatal(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			log.Printf("consumer error: %v", err)
			log.Fatal(err) // want `log\.Fatal on any error of c\.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`
		}
		fmt.Println(msg)
	}
}

func breaks(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(5 * time.Second)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%% Error: %v\n", err)
			break // want `break out of the loop on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
	c.Close()
}

func elseBranch(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(0)
		if err == nil {
			fmt.Println(msg)
		} else {
			panic(err) // want `panic on any error of c\.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 0s`
		}
	}
}

func ifInit(c *kafka.Consumer, out chan<- *kafka.Message) error {
	for {
		if msg, err := c.ReadMessage(200 * time.Millisecond); err != nil {
			return err // want `return on any error of c\.ReadMessage`
		} else {
			out <- msg
		}
	}
}

// exit is a helper of the program that never returns.
func exit(err error) {
	log.Printf("fatal: %v", err)
	os.Exit(1)
}

func viaHelper(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			exit(err) // want `exit on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

// selectDefault reads in the default case of a select; return leaves the loop.
func selectDefault(ctx context.Context, c *kafka.Consumer) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		default:
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				return err // want `return on any error of c\.ReadMessage`
			}
			fmt.Println(msg)
		}
	}
}

// labelled break out of the loop from inside a select.
func labelled(ctx context.Context, c *kafka.Consumer) {
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		default:
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break loop // want `break out of the loop on any error of c\.ReadMessage`
			}
			fmt.Println(msg)
		}
	}
}

func tagless(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		switch {
		case err != nil:
			return err // want `return on any error of c\.ReadMessage`
		default:
			fmt.Println(msg)
		}
	}
}

func goroutine(c *kafka.Consumer, errs chan<- error) {
	go func() {
		for {
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				errs <- err
				return // want `return on any error of c\.ReadMessage`
			}
			fmt.Println(msg)
		}
	}()
}

// reader is the program's own view of the consumer.
type reader interface {
	ReadMessage(time.Duration) (*kafka.Message, error)
	Close() error
}

func throughInterface(r reader) error {
	defer r.Close()
	for {
		msg, err := r.ReadMessage(time.Second)
		if err != nil {
			return err // want `return on any error of r\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

// logger is a leveled logger whose Fatal exits, as logrus's and zap's do.
type logger struct{}

func (logger) Infof(string, ...any)  {}
func (logger) Fatalf(string, ...any) { os.Exit(1) }

func leveled(c *kafka.Consumer, lg logger) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			lg.Fatalf("read: %v", err) // want `lg\.Fatalf on any error of c\.ReadMessage`
		}
		lg.Infof("%v", msg)
	}
}
