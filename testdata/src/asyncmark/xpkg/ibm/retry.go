package ibm

import (
	"time"

	"github.com/IBM/sarama"
	"github.com/cenkalti/backoff/v4"
	"github.com/dapr/kit/retry"

	"asyncmark/xpkg/ibm/retrylib"
)

type constant struct{}

func (constant) NextBackOff() time.Duration { return time.Second }
func (constant) Reset()                     {}

func process(*sarama.ConsumerMessage) error { return nil }

// The Dapr shape: the literal that marks goes to dapr/kit's
// retry.NotifyRecover (over backoff.RetryNotify), which runs it in place
// before returning (listed), or to a shared library's helper that does
// (InPlaceFact): the mark comes before ConsumeClaim returns.
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
			_ = retrylib.Recover(func() error {
				session.MarkMessage(message, "")
				return nil
			}, func() {})
			_ = retrylib.Wrapped(func() error {
				session.MarkMessage(message, "")
				return nil
			})
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

// Its twins: helpers that store the literal, or run it in a goroutine, hand
// it on: the mark may come after ConsumeClaim returns.
type laterConsumer struct{}

func (laterConsumer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (laterConsumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (laterConsumer) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var b constant
	for message := range claim.Messages() {
		retrylib.Later(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		})
		retrylib.Queue(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		})
		retrylib.Background(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		})
		retrylib.Start(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		})
		go backoff.Retry(func() error { // want `callback handed on by laterConsumer.ConsumeClaim marks offsets and may run after ConsumeClaim returns`
			session.MarkMessage(message, "")
			return nil
		}, b)
	}
	return nil
}
