package v1

import (
	"errors"
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/kafka"
)

// Category nilmessage (issue 33 item 4): the message of ReadMessage used on a
// path where its error is non-nil. Each reported shape is followed by its
// silent twin.

// kafkaAdapter is matrixone's stream adapter (pkg/stream/adapter/kafka,
// adapter.go): a batch read of one partition with ReadMessage(-1).
type kafkaAdapter struct {
	Consumer *kafka.Consumer
}

// ReadMessagesFromPartition checks only for ErrTimedOut, which ReadMessage(-1)
// never returns; any other error appends the nil message.
func (ka *kafkaAdapter) ReadMessagesFromPartition(topic string, partition int32, offset int64, limit int) ([]*kafka.Message, error) {
	var messages []*kafka.Message
	err := ka.Consumer.Assign([]kafka.TopicPartition{
		{Topic: &topic, Partition: partition, Offset: kafka.Offset(offset)},
	})
	if err != nil {
		return nil, err
	}
	for i := int64(0); i < int64(limit); i++ {
		msg, err := ka.Consumer.ReadMessage(-1)
		if err != nil {
			// Check for timeout
			var kafkaErr kafka.Error
			if errors.As(err, &kafkaErr) && kafkaErr.Code() == kafka.ErrTimedOut {
				break // Exit the loop if a timeout occurs
			}
		}
		messages = append(messages, msg) // want `msg appended to messages on an error of ka\.Consumer\.ReadMessage: the error branch falls through to it on any error but ErrTimedOut, which ReadMessage\(-1\) never returns, and ReadMessage returns a nil message with an error event \(kafka\.Error\) such as all brokers down \(a nil \*kafka\.Message in messages\)`
	}
	return messages, nil
}

// ReadMessagesReturning is the twin: every other error leaves.
func (ka *kafkaAdapter) ReadMessagesReturning(limit int) ([]*kafka.Message, error) {
	var messages []*kafka.Message
	for i := 0; i < limit; i++ {
		msg, err := ka.Consumer.ReadMessage(-1)
		if err != nil {
			var kafkaErr kafka.Error
			if errors.As(err, &kafkaErr) && kafkaErr.Code() == kafka.ErrTimedOut {
				break
			}
			return nil, err
		}
		messages = append(messages, msg)
	}
	return messages, nil
}

// ReadMessagesGuarded is the twin that appends only a message it has.
func (ka *kafkaAdapter) ReadMessagesGuarded(limit int) []*kafka.Message {
	var messages []*kafka.Message
	for i := 0; i < limit; i++ {
		msg, err := ka.Consumer.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
		}
		if msg != nil {
			messages = append(messages, msg)
		}
	}
	return messages
}

// ReadMessagesOnSuccess is the twin that appends under err == nil.
func (ka *kafkaAdapter) ReadMessagesOnSuccess(limit int) []*kafka.Message {
	var messages []*kafka.Message
	for i := 0; i < limit; i++ {
		msg, err := ka.Consumer.ReadMessage(-1)
		if err == nil {
			messages = append(messages, msg)
		}
	}
	return messages
}

// logAndGoOn logs the error and reads the value anyway: with a finite timeout
// the nil message also comes with every quiet period.
func logAndGoOn(c *kafka.Consumer, handle func([]byte)) {
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			log.Printf("consumer error: %v", err)
		}
		handle(msg.Value) // want `msg\.Value read on an error of c\.ReadMessage: the error branch falls through to it, and ReadMessage returns a nil message with the ErrTimedOut of a quiet period and with an error event \(kafka\.Error\) such as all brokers down \(nil pointer dereference\)`
	}
}

// logAndContinue is the twin: the branch logs and goes to the next read.
func logAndContinue(c *kafka.Consumer, handle func([]byte)) {
	for {
		msg, err := c.ReadMessage(100 * time.Millisecond)
		if err != nil {
			log.Printf("consumer error: %v", err)
			continue
		}
		handle(msg.Value)
	}
}

// timeoutOnly continues on a timeout and falls through on anything else.
func timeoutOnly(c *kafka.Consumer, out chan<- *kafka.Message) {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			if kerr, ok := err.(kafka.Error); ok && kerr.Code() == kafka.ErrTimedOut {
				continue
			}
			log.Printf("read: %v", err)
		}
		out <- msg // want `msg sent on out on an error of c\.ReadMessage: the error branch falls through to it on any error but a timeout, and ReadMessage returns a nil message with an error event \(kafka\.Error\) such as all brokers down \(a nil \*kafka\.Message for the receiver\)`
	}
}

// timeoutOrLeave is the twin: a switch whose every case leaves.
func timeoutOrLeave(c *kafka.Consumer, out chan<- *kafka.Message) error {
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			switch kerr, _ := err.(kafka.Error); kerr.Code() {
			case kafka.ErrTimedOut:
				continue
			default:
				return err
			}
		}
		out <- msg
	}
}

// switchBreak breaks out of the switch on an error: the statements after the
// switch still run.
func switchBreak(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(-1)
		switch {
		case err != nil:
			log.Printf("read: %v", err)
			break
		default:
		}
		log.Printf("read %s", msg.TopicPartition) // want `msg\.TopicPartition read on an error of c\.ReadMessage: the error branch falls through to it, and ReadMessage returns a nil message with an error event \(kafka\.Error\) such as all brokers down \(nil pointer dereference\)`
	}
}

// decodeAfter gives err a new value with the dereference: the error of
// ReadMessage is not looked at again.
func decodeAfter(c *kafka.Consumer, decode func([]byte) (string, error)) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
		}
		v, err := decode(msg.Value) // want `msg\.Value read on an error of c\.ReadMessage: the error branch falls through to it, and ReadMessage returns a nil message with an error event \(kafka\.Error\) such as all brokers down \(nil pointer dereference\)`
		if err != nil {
			continue
		}
		log.Print(v)
	}
}

// nilCaseFirst is the twin: the switch leaves on a nil message before it
// looks at the error.
func nilCaseFirst(c *kafka.Consumer) {
	for {
		msg, err := c.ReadMessage(-1)
		switch {
		case msg == nil:
			continue
		case err != nil:
			log.Printf("read: %v", err)
		}
		log.Printf("read %s", msg.TopicPartition)
	}
}

// passedOn hands the message to a function, which may check it: not reported.
func passedOn(c *kafka.Consumer, process func(*kafka.Message)) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
		}
		process(msg)
	}
}

// checkedAgain looks at err once more before the use: not reported.
func checkedAgain(c *kafka.Consumer, handle func([]byte)) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Printf("read: %v", err)
		}
		if err == nil {
			handle(msg.Value)
		}
	}
}

// fatalOnError never returns from its error branch: not reported.
func fatalOnError(c *kafka.Consumer, handle func([]byte)) {
	for {
		msg, err := c.ReadMessage(-1)
		if err != nil {
			log.Fatalf("read: %v", err)
		}
		handle(msg.Value)
	}
}
