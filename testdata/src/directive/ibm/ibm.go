// Package ibm uses sarama: the same directives, judged the same way.
package ibm

import "github.com/IBM/sarama"

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		//kafkalint:ignore markoffset the metadata store adds 1
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "")

		/* want `^//kafkalint:ignore directive names markofset, which is no analyzer of kafkalint` */ //kafkalint:ignore markofset a misspelt name
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "") // reported

		/* want `^//kafkalint:ignore directive names no analyzer` */ //kafkalint:ignore
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "") // reported

		/* want `^//kafkalint:ignore directive for markoffset suppresses no report of markoffset` */ //kafkalint:ignore markoffset marked right since
		sess.MarkMessage(msg, "")
	}
	return nil
}
