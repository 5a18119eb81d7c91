// Package fix holds the readtimeout fixes: v2.go on the v2 library (IsTimeout),
// v1.go on v1 (Code() == kafka.ErrTimedOut), errors.go where "errors" is
// imported already.
package fix

import (
	"fmt"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func run(c *kafka.Consumer) error {
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			return err // want `return on any error of c\.ReadMessage`
		}
		fmt.Println(msg)
	}
}

func nameInUse(c *kafka.Consumer, kerr error) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err == nil {
			fmt.Println(msg, kerr)
		} else {
			fmt.Println("consumer error:", err)
			break // want `break out of the loop on any error of c\.ReadMessage`
		}
	}
	return kerr
}
