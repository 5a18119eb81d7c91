package main

import (
	"log"

	"github.com/IBM/sarama"
)

// receipts processes each message on a goroutine of its own and marks it
// there; nothing waits for them when the session ends.
type receipts struct{}

func (receipts) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (receipts) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (receipts) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func(m *sarama.ConsumerMessage) {
				log.Printf("receipt for %s", m.Key)
				sess.MarkMessage(m, "")
			}(msg)
		case <-sess.Context().Done():
			return nil
		}
	}
}
