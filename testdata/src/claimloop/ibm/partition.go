package ibm

import (
	"context"
	"fmt"
	"log"
	"sync"

	"github.com/IBM/sarama"
)

// The group-less consumer's partition consumers: the same closed channel,
// without a session. kaf's consume without a group (cmd/kaf/consume.go,
// v0.2.3): a goroutine per partition receives without the comma-ok check
// and hands the message to a handler, which dereferences the nil message
// of a partition consumer stopped by ErrOffsetOutOfRange.
func consumePartitions(ctx context.Context, client sarama.Client, topic string, partitions []int32, offset int64) {
	consumer, err := sarama.NewConsumerFromClient(client)
	if err != nil {
		log.Fatalf("Unable to create consumer from client: %v", err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, partition := range partitions {
		wg.Add(1)
		go func(partition int32, offset int64) {
			defer wg.Done()
			pc, err := consumer.ConsumePartition(topic, partition, offset)
			if err != nil {
				log.Fatalf("Unable to consume partition: %v %v %v", topic, partition, err)
			}
			for {
				select {
				case <-ctx.Done():
					return
				case msg := <-pc.Messages(): // want `receive from pc.Messages\(\) in a function literal does not check for a closed channel, use the comma-ok form and return when !ok \(a PartitionConsumer's channel is closed by AsyncClose, Close and a fatal error such as ErrOffsetOutOfRange, and then yields nil at once: nil dereference or a loop that spins\)`
					handleMessage(msg, &mu)
					if msg.Offset+1 >= pc.HighWaterMarkOffset() {
						return
					}
				}
			}
		}(partition, offset)
	}
	wg.Wait()
}

func handleMessage(msg *sarama.ConsumerMessage, mu *sync.Mutex) {
	mu.Lock()
	defer mu.Unlock()
	fmt.Printf("%d %s\n", msg.Offset, msg.Value)
}

// Its twin: comma-ok, and the goroutine returns when the channel is closed.
func consumePartitionsOK(ctx context.Context, consumer sarama.Consumer, topic string, partitions []int32) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, partition := range partitions {
		wg.Add(1)
		go func(partition int32) {
			defer wg.Done()
			pc, err := consumer.ConsumePartition(topic, partition, sarama.OffsetOldest)
			if err != nil {
				log.Printf("consume partition %d: %v", partition, err)
				return
			}
			defer pc.AsyncClose()
			for {
				select {
				case <-ctx.Done():
					return
				case msg, ok := <-pc.Messages():
					if !ok {
						return
					}
					handleMessage(msg, &mu)
				}
			}
		}(partition)
	}
	wg.Wait()
}

// The plain loop, a message handed to a handler.
func drainPartition(pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for {
		msg := <-pc.Messages() // want `receive from pc.Messages\(\) in drainPartition does not check for a closed channel, use the comma-ok form and return when !ok \(a PartitionConsumer's channel is closed`
		handle(msg)
	}
}

// Its twin: a range over the channel ends when it is closed.
func drainPartitionRange(pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for msg := range pc.Messages() {
		handle(msg)
	}
}

// Its other twin: a nil check that returns.
func drainPartitionNil(pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for {
		msg := <-pc.Messages()
		if msg == nil {
			return
		}
		handle(msg)
	}
}

// A channel kept in a field of the program's: traced to the partition
// consumer's Messages() on the SSA form.
type partitionReader struct {
	msgs <-chan *sarama.ConsumerMessage
}

func newPartitionReader(pc sarama.PartitionConsumer) *partitionReader {
	return &partitionReader{msgs: pc.Messages()}
}

func (r *partitionReader) next() int64 {
	msg := <-r.msgs // want `receive from r.msgs in \(\*partitionReader\).next does not check for a closed channel, use the comma-ok form and return when !ok \(a PartitionConsumer's channel is closed`
	return msg.Offset
}

// Its twin checks ok.
func (r *partitionReader) nextOK() (int64, bool) {
	msg, ok := <-r.msgs
	if !ok {
		return 0, false
	}
	return msg.Offset, true
}

// A drain whose message is blank, with the check: nothing is dereferenced
// (goka v1.1.0's PartitionTable drains its consumer so).
func drainPartitionBlank(ctx context.Context, pc sarama.PartitionConsumer) {
	pc.AsyncClose()
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-pc.Messages():
			if !ok {
				return
			}
		}
	}
}

// A comma-ok check that only leaves the select: the loop receives nil from
// the closed channel again at once and spins (the claim's closedclaimspin,
// without a session to end it).
func watchPartition(ctx context.Context, pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for {
		select {
		case <-ctx.Done():
			return
		case msg, ok := <-pc.Messages():
			if !ok {
				break // want `break out of the select on a closed pc.Messages\(\) channel in watchPartition receives from it again, return instead \(a PartitionConsumer's closed channel yields nil at once: the loop spins\)`
			}
			handle(msg)
		}
	}
}

// A check that continues, the same spin.
func skipPartition(pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for {
		msg := <-pc.Messages()
		if msg == nil {
			continue // want `continue on a closed pc.Messages\(\) channel in skipPartition receives from it again, return instead \(a PartitionConsumer's closed channel yields nil at once: the loop spins\)`
		}
		handle(msg)
	}
}

// A check with no else: nothing is done on the closed channel, the loop
// receives again.
func filterPartition(pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for {
		msg := <-pc.Messages()
		if msg != nil { // want `an if with no else on a closed pc.Messages\(\) channel in filterPartition receives from it again, return instead \(a PartitionConsumer's closed channel yields nil at once: the loop spins\)`
			handle(msg)
		}
	}
}

// Their twin: the check returns.
func watchPartitionOK(ctx context.Context, pc sarama.PartitionConsumer, handle func(*sarama.ConsumerMessage)) {
	for {
		select {
		case <-ctx.Done():
			return
		case msg, ok := <-pc.Messages():
			if !ok {
				return
			}
			handle(msg)
		}
	}
}
