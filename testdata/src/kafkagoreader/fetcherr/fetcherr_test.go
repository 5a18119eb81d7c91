package fetcherr

import (
	"context"
	"testing"

	"github.com/segmentio/kafka-go"
)

// readBack is kafka-go's own compress test (v0.4.30 to v0.4.47): the error
// branch fails the test with t.Errorf and goes on comparing; the comparisons
// of the zero message only add failure lines to a test that has failed.
func readBack(t *testing.T, r *kafka.Reader, values []string) {
	ctx := context.Background()
	for i := range values {
		msg, err := r.ReadMessage(ctx)
		if err != nil {
			t.Errorf("error receiving message %d: %v", i, err)
		}
		if msg.Offset != int64(i) {
			t.Errorf("wrong offset: expected %d but got %d", i, msg.Offset)
		}
	}
}

// readBackLogged only logs the error: the test passes on the zero message
// it then hands to the handler.
func readBackLogged(t *testing.T, r *kafka.Reader, handle func(kafka.Message)) {
	msg, err := r.FetchMessage(context.Background())
	if err != nil {
		t.Logf("fetch: %v", err)
	}
	handle(msg) // want `msg is used here also when FetchMessage failed: the if err != nil at line 30 falls through`
}
