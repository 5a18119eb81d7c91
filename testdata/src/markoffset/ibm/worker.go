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

// An ack of the program's own type carries the message's coordinates: the
// advice is the +1, since MarkMessage takes a *sarama.ConsumerMessage.
type ack struct {
	Session   sarama.ConsumerGroupSession
	Topic     string
	Partition int32
	Offset    int64
}

type acker struct{ acks chan ack }

func (a *acker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (a *acker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (a *acker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		a.acks <- ack{Session: sess, Topic: msg.Topic, Partition: msg.Partition, Offset: msg.Offset}
	}
	return nil
}

func (a *acker) run() {
	for k := range a.acks {
		k.Session.MarkOffset(k.Topic, k.Partition, k.Offset, "") // want `k.Session.MarkOffset marks the offset k.Offset of a consumed message itself, not the next one, pass k.Offset\+1 \(the mark is where the group resumes: the message is delivered again after a restart or rebalance\)`
	}
}

// Its silent twin marks the next offset.
func (a *acker) runNext() {
	for k := range a.acks {
		k.Session.MarkOffset(k.Topic, k.Partition, k.Offset+1, "")
	}
}
