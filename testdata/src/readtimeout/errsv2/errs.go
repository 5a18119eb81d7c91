// Package errsv2 (v2) classifies a service's errors, Kafka's among them.
package errsv2

import (
	"errors"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Transient reports whether err is worth retrying: a Kafka timeout or a
// retriable Kafka error.
func Transient(err error) bool { // want Transient:"checks timeout"
	var kerr kafka.Error
	if !errors.As(err, &kerr) {
		return false
	}
	return kerr.IsTimeout() || kerr.IsRetriable()
}

// Fatal reports whether err is a fatal Kafka error.
func Fatal(err error) bool {
	var kerr kafka.Error
	return errors.As(err, &kerr) && kerr.IsFatal()
}

// Retriable reports whether err is a Kafka error the library marks retriable
// (a timeout of ReadMessage is not).
func Retriable(err error) bool {
	var kerr kafka.Error
	return errors.As(err, &kerr) && kerr.IsRetriable()
}
