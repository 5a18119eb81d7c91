// Package classifiedgopkgin (gopkg.in path) reads with timeouts that are infinite or told apart in
// ways a team writes them (issue 20): a timeout field only ever set to -1,
// and a classifier of another package (errsgopkgin.Transient) that checks
// kafka.ErrTimedOut. Each with its buggy twin.
package classifiedgopkgin

import (
	"context"
	"time"

	"readtimeout/errsgopkgin"

	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

// reader blocks in ReadMessage until a message or an error comes: its
// timeout is only ever set to -1.
type reader struct {
	c       *kafka.Consumer
	timeout time.Duration
	handle  func(*kafka.Message)
}

func newReader(c *kafka.Consumer, handle func(*kafka.Message)) *reader {
	return &reader{c: c, timeout: -1, handle: handle}
}

func (r *reader) run(ctx context.Context) error {
	for ctx.Err() == nil {
		m, err := r.c.ReadMessage(r.timeout)
		if err != nil {
			return err // fine: a timeout of -1 never times out
		}
		r.handle(m)
	}
	return ctx.Err()
}

// pollingReader's timeout is -1 by default but set to a finite wait by an
// option.
type pollingReader struct {
	c       *kafka.Consumer
	timeout time.Duration
	handle  func(*kafka.Message)
}

func newPollingReader(c *kafka.Consumer, handle func(*kafka.Message), poll bool) *pollingReader {
	r := &pollingReader{c: c, timeout: -1, handle: handle}
	if poll {
		r.timeout = 100 * time.Millisecond
	}
	return r
}

func (r *pollingReader) run(ctx context.Context) error {
	for ctx.Err() == nil {
		m, err := r.c.ReadMessage(r.timeout)
		if err != nil {
			return err // want `return on any error of r\.c\.ReadMessage, also on the ErrTimedOut it returns when no message arrives in time`
		}
		r.handle(m)
	}
	return ctx.Err()
}

// zeroReader never sets its timeout: ReadMessage(0) polls once and times out.
type zeroReader struct {
	c       *kafka.Consumer
	timeout time.Duration
}

func (r *zeroReader) set() { r.timeout = -1 }

func newZeroReader(c *kafka.Consumer) *zeroReader { return &zeroReader{c: c} }

func (r *zeroReader) run(ctx context.Context) error {
	for ctx.Err() == nil {
		_, err := r.c.ReadMessage(r.timeout)
		if err != nil {
			return err // want `return on any error of r\.c\.ReadMessage`
		}
	}
	return ctx.Err()
}

// consume retries what errsgopkgin.Transient classifies as transient, timeouts
// included.
func consume(ctx context.Context, c *kafka.Consumer, handle func(*kafka.Message) error) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			if errsgopkgin.Transient(err) {
				continue
			}
			return err // fine: errsgopkgin.Transient tells the timeout apart
		}
		if err := handle(m); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// consumeRetriable retries only what the library marks retriable, which a
// timeout is not.
func consumeRetriable(ctx context.Context, c *kafka.Consumer, handle func(*kafka.Message) error) error {
	for ctx.Err() == nil {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			if errsgopkgin.Retriable(err) {
				continue
			}
			return err // want `return on any error of c\.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 1s`
		}
		if err := handle(m); err != nil {
			return err
		}
	}
	return ctx.Err()
}
