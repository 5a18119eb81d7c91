package shopify

import "github.com/Shopify/sarama"

// An ack callback attached to the message and handed to the application
// over a channel (the cloudevents shape): it may run after ConsumeClaim
// returns.
type event struct {
	msg    *sarama.ConsumerMessage
	finish func(error)
}

type receiver struct{ incoming chan event }

func (receiver) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (receiver) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (r receiver) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			r.incoming <- event{msg: msg, finish: func(err error) { // want `callback handed on by receiver.ConsumeClaim marks offsets and may run after ConsumeClaim returns, mark before returning or wait for it in Cleanup \(a mark made after the session released the partition is dropped: the message is delivered again\)`
				if err == nil {
					sess.MarkMessage(msg, "")
				}
			}}
		case <-sess.Context().Done():
			return nil
		}
	}
}

// Its twin: the callback runs in place, through a helper of the package.
type inPlace struct{}

func (inPlace) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (inPlace) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (inPlace) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		withRetry(msg, func(m *sarama.ConsumerMessage) {
			sess.MarkMessage(m, "")
		})
	}
	return nil
}

func withRetry(m *sarama.ConsumerMessage, done func(*sarama.ConsumerMessage)) {
	if process(m) == nil {
		done(m)
	}
}
