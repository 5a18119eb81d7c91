package ibm

import "github.com/IBM/sarama"

// Messages handed to a worker through a struct of the program: the marking
// happens in another method, on the message kept in a field.
type job struct {
	msg  *sarama.ConsumerMessage
	sess sarama.ConsumerGroupSession
}

type pool struct{ jobs chan job }

func (p *pool) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (p *pool) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p *pool) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		select {
		case p.jobs <- job{msg: msg, sess: sess}:
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

func (p *pool) work() {
	for j := range p.jobs {
		_ = process(j.msg)
		j.sess.MarkOffset(j.msg.Topic, j.msg.Partition, j.msg.Offset, "") // want `j.sess.MarkOffset marks the offset of message j.msg itself`
	}
}
