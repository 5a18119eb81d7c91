package fix

import (
	stderr "errors"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

var errStop = stderr.New("stop")

// errorsImported: the file imports errors under a name, which the fix uses;
// kerr is taken, so the fix picks another name.
func errorsImported(topics []string, kerr error) {
	c := newConsumer()
	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
		if _, ok := ev.(kafka.RevokedPartitions); ok {
			if kerr != nil {
				return errStop
			}
			c.StoreOffsets(nil)
			return c.Unassign() // want `c\.Unassign in RevokedPartitions handler is not preceded on every path by a commit`
		}
		return nil
	})
}
