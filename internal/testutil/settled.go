package testutil

import (
	"go/token"
	"sync"
	"testing"
)

// Settled tallies the answers a pass gave without building the SSA form (a
// shortcut), each checked against the SSA form's in a test: a hook the pass
// calls, set by the test, records each one with Check. The analysis drivers
// run the passes of several packages at once, so it takes a lock.
type Settled struct {
	t  testing.TB
	mu sync.Mutex
	n  map[string]int
}

// NewSettled returns an empty tally for t.
func NewSettled(t testing.TB) *Settled { return &Settled{t: t, n: make(map[string]int)} }

// Check records an answer of kind at pos, and fails the test with what when the
// SSA form contradicts it (agrees false).
func (s *Settled) Check(kind string, pos token.Position, agrees bool, what string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n[kind]++
	if !agrees {
		s.t.Errorf("%s: %s", pos, what)
	}
}

// AtLeast fails the test when fewer than min answers of kind were recorded: a
// shortcut that is never taken would pass every check.
func (s *Settled) AtLeast(kind string, min int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.t.Logf("settled without the SSA form: %d %s", s.n[kind], kind)
	if s.n[kind] < min {
		s.t.Errorf("%d %s settled without the SSA form, want at least %d: the shortcut is not taken", s.n[kind], kind, min)
	}
}
