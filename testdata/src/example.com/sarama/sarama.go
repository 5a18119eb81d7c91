// Package sarama is a look-alike of sarama with the same names: the sarama
// rules must ignore it.
package sarama

import "context"

type ConsumerMessage struct {
	Topic     string
	Partition int32
	Offset    int64
}

type ConsumerGroupSession interface {
	MarkOffset(topic string, partition int32, offset int64, metadata string)
	MarkMessage(msg *ConsumerMessage, metadata string)
	Commit()
	Context() context.Context
}

type ConsumerGroupClaim interface {
	Messages() <-chan *ConsumerMessage
}

type ConsumerGroupHandler interface {
	Setup(ConsumerGroupSession) error
	Cleanup(ConsumerGroupSession) error
	ConsumeClaim(ConsumerGroupSession, ConsumerGroupClaim) error
}

type ConsumerGroup interface {
	Consume(ctx context.Context, topics []string, handler ConsumerGroupHandler) error
}
