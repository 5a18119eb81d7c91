// Package retry is shaped like github.com/dapr/kit/retry: NotifyRecover runs
// the operation in place, through a literal given to backoff.RetryNotify. Its
// twins hand the operation on: they store it or run it in a goroutine.
package retry

import (
	"sync/atomic"
	"time"

	"example.com/backoff"
)

func NotifyRecover(operation backoff.Operation, b backoff.BackOff, notify backoff.Notify, recovered func()) error { // want NotifyRecover:`inPlace\(\[0 2 3\]\) wraps\(\[\]\)`
	notified := atomic.Bool{}

	return backoff.RetryNotify(func() error {
		err := operation()

		if err == nil && notified.Load() {
			recovered()
		}

		return err
	}, b, func(err error, d time.Duration) {
		if notified.CompareAndSwap(false, true) {
			notify(err, d)
		}
	})
}

var pending []backoff.Operation

// Later stores the operation: it runs whenever Flush is called.
func Later(operation backoff.Operation) {
	pending = append(pending, operation)
}

// Background runs the operation in a goroutine, through a literal given to
// backoff.Retry.
func Background(operation backoff.Operation, b backoff.BackOff) {
	go func() {
		_ = backoff.Retry(func() error { return operation() }, b)
	}()
}

// Start hands the operation to a goroutine through an in-place helper's
// literal: it still runs after Start returns.
func Start(operation backoff.Operation, b backoff.BackOff) {
	go backoff.Retry(operation, b)
}

func Flush() {
	for _, op := range pending {
		_ = op()
	}
}
