package poller

import "testing"

func TestNew(t *testing.T) {
	if _, err := New("g", "t"); err != nil {
		t.Fatal(err)
	}
}
