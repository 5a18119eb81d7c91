// Package lookalike marks a message's own offset on a package that only looks
// like sarama: nothing is reported.
package lookalike

import "example.com/sarama"

func mark(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) {
	for msg := range claim.Messages() {
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "")
	}
}
