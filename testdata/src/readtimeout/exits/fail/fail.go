// Package fail holds the program's helpers for fatal errors, in a package of its
// own that reaches the library.
package fail

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Consumer is the consumer the helpers name in their messages.
var Consumer *kafka.Consumer

// Stop logs and exits: it never returns.
func Stop(err error) {
	log.Fatalf("%v: %v", Consumer, err)
}

// Warn logs and returns.
func Warn(err error) {
	log.Printf("%v: %v", Consumer, err)
}
