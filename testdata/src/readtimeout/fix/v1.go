package fix

import "github.com/confluentinc/confluent-kafka-go/kafka"

func runV1(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(0)
		if err != nil {
			panic(err) // want `panic on any error of c\.ReadMessage`
		}
		_ = msg
	}
}
