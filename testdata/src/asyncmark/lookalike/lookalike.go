// Package lookalike marks from goroutines on a package that only looks like
// sarama: nothing is reported.
package lookalike

import "example.com/sarama"

type h struct{}

func (h) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		go func(m *sarama.ConsumerMessage) { sess.MarkMessage(m, "") }(msg)
	}
	return nil
}
