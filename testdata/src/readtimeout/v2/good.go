package v2

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// RunChecked is Run with the timeout told apart.
func (w *worker) RunChecked(ctx context.Context) error {
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		msg, err := w.consumer.ReadMessage(w.pollTimeout)
		if err != nil {
			var kerr kafka.Error
			if errors.As(err, &kerr) && kerr.IsTimeout() {
				continue
			}
			return fmt.Errorf("reading: %w", err)
		}
		if err := w.handle(msg); err != nil {
			return err
		}
	}
}

func runFlagForever(c *kafka.Consumer) error {
	run := true
	for run {
		msg, err := c.ReadMessage(-1) // waits forever: no timeout
		if err != nil {
			return err
		}
		fmt.Println(msg)
	}
	return nil
}

func fatalCode(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			if err.(kafka.Error).Code() == kafka.ErrTimedOut {
				continue
			}
			log.Fatal(err)
		}
		fmt.Println(msg)
	}
}

func breaksLogsOnly(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(5 * time.Second)
		if err != nil {
			log.Printf("consumer error: %v", err) // only logs and continues
			continue
		}
		fmt.Println(msg)
	}
}

func fallsThrough(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err == nil {
			fmt.Println(msg)
		} else {
			log.Printf("consumer error: %v", err) // the iteration ends, the loop goes on
		}
	}
}

func switchCode(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			var kerr kafka.Error
			if errors.As(err, &kerr) {
				switch kerr.Code() {
				case kafka.ErrTimedOut:
					continue
				}
			}
			return err
		}
		fmt.Println(msg)
	}
}

// checkFirst tells the timeout apart before the error branch.
func checkFirst(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if kerr, ok := err.(kafka.Error); ok && kerr.IsTimeout() {
			continue
		}
		if err != nil {
			return err
		}
		fmt.Println(msg)
	}
}

func isTransient(err error) bool {
	var kerr kafka.Error
	return errors.As(err, &kerr) && (kerr.IsTimeout() || kerr.IsRetriable())
}

func viaPredicate(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			if isTransient(err) {
				continue
			}
			return err
		}
		fmt.Println(msg)
	}
}

func fatalOnly(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			if kerr, ok := err.(kafka.Error); ok && kerr.IsFatal() {
				return err // only fatal errors leave
			}
			log.Printf("consumer error: %v", err)
			continue
		}
		fmt.Println(msg)
	}
}

func byMessage(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			if strings.Contains(err.Error(), "Local: Timed out") {
				continue
			}
			return err
		}
		fmt.Println(msg)
	}
}

// selectDefaultBreak: the break leaves the select, not the loop.
func selectDefaultBreak(ctx context.Context, c *kafka.Consumer) {
	for {
		select {
		case <-ctx.Done():
			return
		default:
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break
			}
			fmt.Println(msg)
		}
	}
}

const forever = -1 * time.Second

var pollForever = time.Duration(-1)

func negativeConstants(c *kafka.Consumer) error {
	for {
		if _, err := c.ReadMessage(forever); err != nil {
			return err
		}
		if _, err := c.ReadMessage(pollForever); err != nil {
			return err
		}
	}
}

// once reads a single message: no loop to leave.
func once(c *kafka.Consumer) (*kafka.Message, error) {
	msg, err := c.ReadMessage(10 * time.Second)
	if err != nil {
		return nil, err
	}
	return msg, nil
}

func ignored(c *kafka.Consumer) {
	for {
		msg, _ := c.ReadMessage(time.Second)
		if msg == nil {
			return
		}
		fmt.Println(msg)
	}
}

func nilMessageFirst(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if msg == nil && err == nil {
			continue
		}
		if err != nil {
			return err
		}
	}
}

func retries(c *kafka.Consumer) error {
	failures := 0
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			failures++
			if failures > 10 {
				return err // after several errors in a row: not on any error
			}
			continue
		}
		failures = 0
		fmt.Println(msg)
	}
}

func suppressed(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			return err //kafkalint:ignore readtimeout the caller restarts the loop on a timeout
		}
		fmt.Println(msg)
	}
}

// otherReader is an interface with a ReadMessage of another signature.
type otherReader interface {
	ReadMessage(context.Context) (*kafka.Message, error)
}

func otherInterface(ctx context.Context, r otherReader) error {
	for {
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		fmt.Println(msg)
	}
}

// readN reads a known number of messages: a timeout means the input is short,
// and returning on it is what the caller asked for.
func readN(c *kafka.Consumer, n int) ([]*kafka.Message, error) {
	var msgs []*kafka.Message
	for len(msgs) < n {
		msg, err := c.ReadMessage(10 * time.Second)
		if err != nil {
			return msgs, err
		}
		msgs = append(msgs, msg)
	}
	return msgs, nil
}

func readEach(c *kafka.Consumer, topics []string) error {
	for range topics {
		if _, err := c.ReadMessage(time.Second); err != nil {
			return err
		}
	}
	return nil
}

// labelledSelect: the labelled break leaves the select, the loop goes on.
func labelledSelect(ctx context.Context, c *kafka.Consumer) {
	for {
	sel:
		select {
		case <-ctx.Done():
			return
		default:
			msg, err := c.ReadMessage(time.Second)
			if err != nil {
				break sel
			}
			fmt.Println(msg)
		}
	}
}
