// Package kafkalib is a shared handler library: services keep their
// ConsumeClaim short and run its loops.
package kafkalib

import (
	"github.com/IBM/sarama"
)

// Process is what a service does with one message.
type Process func(*sarama.ConsumerMessage) error

// Consume hands each message to a worker and waits for its result; it never
// looks at the session's context.
func Consume(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, work chan<- *sarama.ConsumerMessage, results <-chan error) error { // want Consume:"blocking claim loop \\(claim 1, session 0\\)"
	for msg := range claim.Messages() {
		work <- msg
		if err := <-results; err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// ConsumeContext is the same, returning when the session ends.
func ConsumeContext(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, work chan<- *sarama.ConsumerMessage) error {
	for msg := range claim.Messages() {
		select {
		case work <- msg:
			sess.MarkMessage(msg, "")
		case <-sess.Context().Done():
			return nil
		}
	}
	return nil
}

// Each runs process on each message in place: its loop does not block, and
// ends with the claim.
func Each(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, process Process) error {
	for msg := range claim.Messages() {
		if err := process(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// Runner runs a service's loop.
type Runner struct{ Work chan *sarama.ConsumerMessage }

// Run drains the claim into the runner's workers, through a helper.
func (r *Runner) Run(claim sarama.ConsumerGroupClaim) { // want Run:"blocking claim loop \\(claim 0, session -1\\)"
	r.drain(claim.Messages())
}

func (r *Runner) drain(msgs <-chan *sarama.ConsumerMessage) {
	for msg := range msgs {
		r.Work <- msg
	}
}
