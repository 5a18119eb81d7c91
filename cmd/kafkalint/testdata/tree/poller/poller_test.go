package poller

import "testing"

// Not inert: poll uses the client.
func TestPoll(t *testing.T) {
	if testing.Short() {
		t.Skip("needs a broker")
	}
	Run()
}
