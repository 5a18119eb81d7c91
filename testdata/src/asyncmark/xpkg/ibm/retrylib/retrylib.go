// Package retrylib is a shared library of retry helpers that uses sarama:
// asyncmark computes its InPlaceFacts. Retry and Recover run the operation in
// place (Retry through a method of the Operation type that wraps it in a
// literal, and a generic loop; Recover through a literal given to Retry);
// Wrapped through Wrap, whose result carries it. The others hand it on.
package retrylib

import (
	"time"

	"github.com/IBM/sarama"
)

// Session is what the library's callers mark on.
type Session = sarama.ConsumerGroupSession

type Operation func() error

type operationWithData[T any] func() (T, error)

func (o Operation) withEmptyData() operationWithData[struct{}] {
	return func() (struct{}, error) {
		return struct{}{}, o()
	}
}

// Wrap returns a function that calls o: the caller's use of the result decides.
func Wrap(o Operation) Operation { // want Wrap:`inPlace\(\[\]\) wraps\(\[0\]\)`
	return func() error { return o() }
}

func Retry(o Operation, attempts int, notify func(error)) error { // want Retry:`inPlace\(\[0 2\]\) wraps\(\[\]\)`
	_, err := loop(o.withEmptyData(), attempts, notify)
	return err
}

func loop[T any](operation operationWithData[T], attempts int, notify func(error)) (res T, err error) {
	defer func() {
		if err != nil && notify != nil {
			notify(err)
		}
	}()
	for range attempts {
		if res, err = operation(); err == nil {
			return res, nil
		}
		time.Sleep(time.Millisecond)
	}
	return res, err
}

func Recover(operation Operation, recovered func()) error { // want Recover:`inPlace\(\[0 1\]\) wraps\(\[\]\)`
	failed := false
	return Retry(func() error {
		err := operation()
		if err == nil && failed {
			recovered()
		}
		failed = err != nil
		return err
	}, 3, nil)
}

func Wrapped(operation Operation) error { // want Wrapped:`inPlace\(\[0\]\) wraps\(\[\]\)`
	return Retry(Wrap(operation), 3, nil)
}

var pending []Operation

// Later stores the operation: it runs whenever Flush is called.
func Later(operation Operation) {
	pending = append(pending, operation)
}

// Queue stores the operation's wrapper.
func Queue(operation Operation) {
	pending = append(pending, Wrap(operation))
}

// Background runs the operation in a goroutine, through a literal given to Retry.
func Background(operation Operation) {
	go func() {
		_ = Retry(func() error { return operation() }, 3, nil)
	}()
}

// Start hands the operation to a goroutine through an in-place helper.
func Start(operation Operation) {
	go Retry(operation, 3, nil)
}

func Flush() {
	for _, op := range pending {
		_ = op()
	}
}
