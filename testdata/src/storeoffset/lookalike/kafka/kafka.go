// Package kafka has the library's names under another import path.
package kafka

type Offset int64

type TopicPartition struct {
	Partition int32
	Offset    Offset
}

type Message struct{ TopicPartition TopicPartition }

type Consumer struct{}

func (c *Consumer) StoreOffsets(offsets []TopicPartition) ([]TopicPartition, error) {
	return nil, nil
}
