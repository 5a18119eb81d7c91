package v2

import (
	"testing"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// A test that fails when the expected message does not come in time means it.
func TestConsume(t *testing.T) {
	var c *kafka.Consumer
	for {
		msg, err := c.ReadMessage(5 * time.Second)
		if err != nil {
			t.Fatal(err) // no report in a _test.go file
		}
		if string(msg.Value) == "done" {
			return
		}
	}
}
