// Package fail holds the program's helpers for fatal errors, in a package of its
// own that reaches the library.
package fail

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Stop logs and exits: it never returns.
func Stop(err error) {
	log.Fatalf("%v: %v", kafka.ErrTimedOut, err)
}

// Warn logs and returns.
func Warn(err error) {
	log.Printf("%v: %v", kafka.ErrTimedOut, err)
}
