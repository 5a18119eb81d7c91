package ibm

import (
	"time"

	"github.com/IBM/sarama"

	"example.com/backoff"
	"example.com/retry"
)

type constant struct{}

func (constant) NextBackOff() time.Duration { return time.Second }
func (constant) Reset()                     {}

func process(*sarama.ConsumerMessage) error { return nil }

// The Dapr shape: the literal that marks goes to a retry helper of another
// package (dapr/kit's retry.NotifyRecover, over backoff.RetryNotify), which
// runs it in place before returning (InPlaceFact): the mark comes before
// ConsumeClaim returns.
type daprConsumer struct{}

func (daprConsumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (daprConsumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (c daprConsumer) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var b constant
	for {
		select {
		case message, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := retry.NotifyRecover(func() error {
				if err := process(message); err != nil {
					return err
				}
				session.MarkMessage(message, "")
				return nil
			}, b, func(err error, d time.Duration) {}, func() {}); err != nil {
				return err
			}
			c.flush(session, message, b)
		case <-session.Context().Done():
			return nil
		}
	}
}

func (daprConsumer) flush(session sarama.ConsumerGroupSession, message *sarama.ConsumerMessage, b backoff.BackOff) {
	_ = backoff.Retry(func() error {
		session.MarkOffset(message.Topic, message.Partition, message.Offset+1, "")
		return nil
	}, b)
}

// Its twins: retry helpers that store the literal, or run it in a goroutine,
// hand it on: the mark may come after ConsumeClaim returns.
type laterConsumer struct{}

func (laterConsumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (laterConsumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (laterConsumer) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var b constant
	for message := range claim.Messages() {
		retry.Later(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		})
		retry.Background(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		}, b)
		retry.Start(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		}, b)
		go backoff.Retry(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		}, b)
	}
	return nil
}
