package main

import (
	"log"

	"github.com/IBM/sarama"
)

type billing struct {
	out chan<- *sarama.ConsumerMessage
}

func (*billing) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*billing) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (b *billing) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg := <-claim.Messages():
			if err := charge(msg); err != nil {
				log.Printf("charge %d: %v", msg.Offset, err)
				continue
			}
			b.out <- msg
			sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "")
		case <-sess.Context().Done():
			return nil
		}
	}
}

func charge(msg *sarama.ConsumerMessage) error {
	log.Printf("charging %s", msg.Value)
	return nil
}
