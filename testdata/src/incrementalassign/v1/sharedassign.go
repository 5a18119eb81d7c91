package v1

// Category sharedassign: goroutines started in a loop, one per partition, each
// assigning its own partition on one shared consumer (issue 33 item 3;
// matrixone's stream adapter, BatchRead).

import (
	"errors"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

type streamAdapter struct {
	Consumer *kafka.Consumer
}

func (ka *streamAdapter) readFromPartition(topic string, partition int32, offset int64, limit int) ([]*kafka.Message, error) {
	if ka.Consumer == nil {
		return nil, errors.New("consumer not initialized")
	}
	// Assign the specific partition with the desired offset
	err := ka.Consumer.Assign([]kafka.TopicPartition{
		{Topic: &topic, Partition: partition, Offset: kafka.Offset(offset)},
	})
	if err != nil {
		return nil, err
	}
	var messages []*kafka.Message
	for i := 0; i < limit; i++ {
		msg, err := ka.Consumer.ReadMessage(-1)
		if err != nil {
			return nil, err
		}
		messages = append(messages, msg)
	}
	return messages, nil
}

func (ka *streamAdapter) batchRead(topic string, partitions []int32, startOffset int64, batchSize int) ([]*kafka.Message, error) {
	messagesCh := make(chan []*kafka.Message, len(partitions))
	var wg sync.WaitGroup
	for _, p := range partitions {
		wg.Add(1)
		go func(partition int32) {
			defer wg.Done()
			messages, err := ka.readFromPartition(topic, partition, startOffset, batchSize) // want `ka\.readFromPartition, which calls ka\.Consumer\.Assign, in a goroutine started for each iteration of a loop, on one consumer they share, assign every partition once before the loop, add each with IncrementalAssign, or give each goroutine its own consumer \(each Assign replaces the whole assignment: the goroutines read each other's partitions or none\)`
			if err != nil {
				return
			}
			messagesCh <- messages
		}(p)
	}
	wg.Wait()
	close(messagesCh)
	var all []*kafka.Message
	for batch := range messagesCh {
		all = append(all, batch...)
	}
	return all, nil
}

// The goroutine assigns itself, on a consumer captured from the function.
func readEachPartition(c *kafka.Consumer, topic string, partitions []int32, out chan<- *kafka.Message) {
	for _, p := range partitions {
		go func(p int32) {
			c.Assign([]kafka.TopicPartition{{Topic: &topic, Partition: p}}) // want `c\.Assign in a goroutine started for each iteration of a loop, on one consumer they share`
			for {
				m, err := c.ReadMessage(time.Second)
				if err == nil {
					out <- m
				}
			}
		}(p)
	}
}

// A method started directly by the go statement.
func (ka *streamAdapter) startReaders(topic string, partitions []int32) {
	for _, p := range partitions {
		go ka.readFromPartition(topic, p, 0, 10) // want `ka\.readFromPartition, which calls ka\.Consumer\.Assign, in a goroutine started for each iteration of a loop`
	}
}

// Silent: one Assign of every partition, then the goroutines only read.
func (ka *streamAdapter) assignAllThenRead(topic string, partitions []int32, out chan<- *kafka.Message) error {
	var tps []kafka.TopicPartition
	for _, p := range partitions {
		tps = append(tps, kafka.TopicPartition{Topic: &topic, Partition: p})
	}
	if err := ka.Consumer.Assign(tps); err != nil {
		return err
	}
	for range partitions {
		go func() {
			m, err := ka.Consumer.ReadMessage(time.Second)
			if err == nil {
				out <- m
			}
		}()
	}
	return nil
}

// Silent: IncrementalAssign adds the goroutine's partition to the assignment.
func incrementalEachPartition(c *kafka.Consumer, topic string, partitions []int32) {
	for _, p := range partitions {
		go func(p int32) {
			c.IncrementalAssign([]kafka.TopicPartition{{Topic: &topic, Partition: p}})
		}(p)
	}
}

// Silent: each goroutine has its own consumer.
func consumerEachPartition(cm *kafka.ConfigMap, topic string, partitions []int32) {
	for _, p := range partitions {
		go func(p int32) {
			c, err := kafka.NewConsumer(cm)
			if err != nil {
				return
			}
			defer c.Close()
			c.Assign([]kafka.TopicPartition{{Topic: &topic, Partition: p}})
			c.ReadMessage(time.Second)
		}(p)
	}
}

// Silent: a consumer per iteration, passed to its goroutine.
func (ka *streamAdapter) consumerPerIteration(cm *kafka.ConfigMap, topic string, partitions []int32) {
	for _, p := range partitions {
		own, err := kafka.NewConsumer(cm)
		if err != nil {
			return
		}
		reader := &streamAdapter{Consumer: own}
		go reader.readFromPartition(topic, p, 0, 10)
	}
}

// Silent: one goroutine, not one per iteration.
func (ka *streamAdapter) readInBackground(topic string, partition int32) {
	go ka.readFromPartition(topic, partition, 0, 10)
}

// Silent: a loop without a condition that restarts one reader after the
// other ended (each Assign is the only one when it is made).
func (ka *streamAdapter) restartReader(topic string, done chan struct{}) {
	for {
		go ka.readFromPartition(topic, 0, 0, 10)
		<-done
	}
}

// A counted loop starts one goroutine per partition.
func (ka *streamAdapter) countedReaders(topic string, n int32) {
	for p := int32(0); p < n; p++ {
		go ka.readFromPartition(topic, p, 0, 10) // want `ka\.readFromPartition, which calls ka\.Consumer\.Assign, in a goroutine started for each iteration of a loop`
	}
}
