// Package fail holds the program's helpers for fatal errors, in a package of its
// own that reaches the library (it names the consumer).
package fail

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// Stop logs and exits: it never returns.
func Stop(c *kafka.Consumer, msg string) {
	log.Fatalf("%v: %s", c, msg)
}

// Warn logs and returns.
func Warn(c *kafka.Consumer, msg string) {
	log.Printf("%v: %s", c, msg)
}
