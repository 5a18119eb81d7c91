// Package acklib is a shared library of ack helpers for sarama handlers.
package acklib

import "github.com/IBM/sarama"

// Ack marks a processed message.
func Ack(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) { // want Ack:"marks"
	sess.MarkMessage(msg, "")
}

// AckLoop marks the messages it receives until the channel is closed.
func AckLoop(sess sarama.ConsumerGroupSession, done <-chan *sarama.ConsumerMessage) { // want AckLoop:"marks"
	for msg := range done {
		Ack(sess, msg)
	}
}

// Log records a message; it marks nothing.
func Log(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	_ = sess.MemberID()
	_ = msg.Offset
}
