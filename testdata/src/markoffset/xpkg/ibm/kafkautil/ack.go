// Package kafkautil holds the program's acknowledgement helpers.
package kafkautil

import "github.com/IBM/sarama"

// Ack marks offset on sess.
func Ack(sess sarama.ConsumerGroupSession, topic string, partition int32, offset int64) { // want Ack:"marks param 3"
	sess.MarkOffset(topic, partition, offset, "")
}

// AckMessage marks m.
func AckMessage(sess sarama.ConsumerGroupSession, m *sarama.ConsumerMessage) {
	sess.MarkOffset(m.Topic, m.Partition, m.Offset+1, "")
}
