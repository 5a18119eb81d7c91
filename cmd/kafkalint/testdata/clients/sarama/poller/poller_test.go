package poller

import "testing"

func TestSetup(t *testing.T) {
	h := &handler{}
	if err := h.Setup(nil); err != nil {
		t.Fatal(err)
	}
}
