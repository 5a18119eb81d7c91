package fix

import (
	stderrors "errors"
	"log"
	"time"

	ckafka "github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var errStop = stderrors.New("stop")

func aliased(c *ckafka.Consumer) {
	for {
		msg, err := c.ReadMessage(2 * time.Second)
		if err != nil {
			log.Fatal(err) // want `log\.Fatal on any error of c\.ReadMessage`
		}
		if msg == nil {
			log.Fatal(errStop)
		}
	}
}
