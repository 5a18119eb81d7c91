package shopify

import "github.com/Shopify/sarama"

func process(*sarama.ConsumerMessage) error { return nil }

type handler struct{}

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// The message's own offset, as is.
func (handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(msg); err != nil {
			return err
		}
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "") // want `sess.MarkOffset marks the offset of message msg itself, not the next one, use sess.MarkMessage\(msg, metadata\) or msg.Offset\+1 \(the mark is where the group resumes: msg is delivered again after a restart or rebalance\)`
	}
	return nil
}

// Its twins: MarkMessage, +1, and ResetOffset to ask for the message again.
type good struct{}

func (good) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (good) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (good) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := process(msg); err != nil {
			sess.ResetOffset(msg.Topic, msg.Partition, msg.Offset, "")
			return err
		}
		sess.MarkMessage(msg, "")
		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "")
	}
	return nil
}

// A batch: the last message kept in a variable, marked after the batch.
type batcher struct{ size int }

func (batcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (batcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (b batcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var last *sarama.ConsumerMessage
	n := 0
	for msg := range claim.Messages() {
		last = msg
		n++
		if n == b.size {
			offset := last.Offset
			sess.MarkOffset(claim.Topic(), claim.Partition(), offset, "") // want `sess.MarkOffset marks a consumed message's own offset, not the next one, use sess.MarkMessage or add 1 to the offset \(the mark is where the group resumes: the message is delivered again after a restart or rebalance\)`
			n = 0
		}
	}
	return nil
}

// A helper of the package, given the message's offset by its caller.
func markAt(sess sarama.ConsumerGroupSession, topic string, partition int32, offset int64) {
	sess.MarkOffset(topic, partition, offset, "done") // want `sess.MarkOffset marks a consumed message's own offset, not the next one, use sess.MarkMessage or add 1 to the offset \(the mark is where the group resumes: the message is delivered again after a restart or rebalance\)`
}

type viaHelper struct{}

func (viaHelper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (viaHelper) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (viaHelper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		_ = process(msg)
		markAt(sess, msg.Topic, msg.Partition, msg.Offset)
	}
	return nil
}

// The same helper shape given the next offset: silent.
func markNext(sess sarama.ConsumerGroupSession, topic string, partition int32, next int64) {
	sess.MarkOffset(topic, partition, next, "")
}

type viaNext struct{}

func (viaNext) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (viaNext) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (viaNext) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		markNext(sess, msg.Topic, msg.Partition, msg.Offset+1)
	}
	return nil
}

// A message the program builds (a test double, a replay): not a consumed one.
func replay(sess sarama.ConsumerGroupSession, offset int64) {
	m := &sarama.ConsumerMessage{Topic: "t", Partition: 0, Offset: offset + 1}
	sess.MarkOffset(m.Topic, m.Partition, m.Offset, "")
}
