package poller

import (
	"context"
	"testing"

	"github.com/segmentio/kafka-go"
)

func TestPollStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	Poll(ctx, kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"}), func(kafka.Message) {})
}
