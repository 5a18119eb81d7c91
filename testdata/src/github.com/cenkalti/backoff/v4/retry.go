// Package backoff is a stub of github.com/cenkalti/backoff/v4's retry.go
// (v4.2.1): RetryNotify runs the operation in place, through a method of the
// Operation type that wraps it in a literal and a generic loop. It does not
// import sarama: asyncmark lists its functions (listedInPlace).
package backoff

import (
	"context"
	"time"
)

type OperationWithData[T any] func() (T, error)

type Operation func() error

func (o Operation) withEmptyData() OperationWithData[struct{}] {
	return func() (struct{}, error) {
		return struct{}{}, o()
	}
}

type Notify func(error, time.Duration)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

const Stop time.Duration = -1

func Retry(o Operation, b BackOff) error {
	return RetryNotify(o, b, nil)
}

func RetryNotify(operation Operation, b BackOff, notify Notify) error {
	return RetryNotifyWithTimer(operation, b, notify, nil)
}

type Timer interface {
	Start(time.Duration)
	Stop()
	C() <-chan time.Time
}

func RetryNotifyWithTimer(operation Operation, b BackOff, notify Notify, t Timer) error {
	_, err := doRetryNotify(operation.withEmptyData(), b, notify, t)
	return err
}

func doRetryNotify[T any](operation OperationWithData[T], b BackOff, notify Notify, t Timer) (T, error) {
	var (
		err  error
		next time.Duration
		res  T
	)
	defer func() {
		if t != nil {
			t.Stop()
		}
	}()
	ctx := context.Background()
	b.Reset()
	for {
		res, err = operation()
		if err == nil {
			return res, nil
		}
		if next = b.NextBackOff(); next == Stop {
			return res, err
		}
		if notify != nil {
			notify(err, next)
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(next):
		}
	}
}
