package ibm

import (
	"testing"

	"github.com/IBM/sarama"
)

// Silent twin of closedpartition in a test: a test that receives the
// messages it produced fails either way when the channel is closed (a nil
// dereference instead of a failed assertion), which is not a consumer's bug.
func TestWrappedPartitionConsumer(t *testing.T) {
	var consumer sarama.Consumer
	pc, err := consumer.ConsumePartition("events", 0, sarama.OffsetNewest)
	if err != nil {
		t.Fatal(err)
	}
	msg1 := <-pc.Messages()
	msg2 := <-pc.Messages()
	if string(msg1.Value) != "test 1" || string(msg2.Value) != "test 2" {
		t.Errorf("got %s, %s", msg1.Value, msg2.Value)
	}
	if err := pc.Close(); err != nil {
		t.Fatal(err)
	}
}
