// Package retry is a stub of github.com/dapr/kit/retry (v0.13.1): NotifyRecover
// runs the operation in place, through a literal given to backoff.RetryNotify.
// It does not import sarama: asyncmark lists it (listedInPlace).
package retry

import (
	"sync/atomic"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func NotifyRecover(operation backoff.Operation, b backoff.BackOff, notify backoff.Notify, recovered func()) error {
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
