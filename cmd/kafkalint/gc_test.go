package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

// TestTuneGC: the command's GC settings apply only when the user set neither GOGC
// nor GOMEMLIMIT, leave the go command's alone, and raise the
// memory limit to twice the largest live heap observed, never below the floor
// and never down.
func TestTuneGC(t *testing.T) {
	restore := func(percent int, limit int64) {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
	defer restore(debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64))

	for _, env := range [][2]string{{"GOGC", "50"}, {"GOMEMLIMIT", "2GiB"}} {
		t.Setenv("GOGC", "")
		t.Setenv("GOMEMLIMIT", "")
		t.Setenv(env[0], env[1])
		restore(77, math.MaxInt64)
		tuneGC()
		if percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64); percent != 77 || limit != math.MaxInt64 {
			t.Errorf("with %s=%s: GOGC %d, limit %d; want the user's settings kept", env[0], env[1], percent, limit)
		}
	}

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	tuneGC()
	if percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64); percent != -1 || limit != minMemoryLimit {
		t.Errorf("unset: GOGC %d, limit %d; want off and %d", percent, limit, minMemoryLimit)
	}
	if got := os.Getenv("GOGC"); got != "" {
		t.Errorf("GOGC for the go command = %q, want it unset (the default)", got)
	}

	restore(-1, minMemoryLimit)
	w := new(heapWatch)
	for _, step := range []struct {
		live uint64
		want int64
	}{
		{5 << 20, minMemoryLimit}, // below half the floor: the floor
		{30 << 20, 60 << 20},      // twice the live heap
		{10 << 20, 60 << 20},      // a smaller live heap later: the limit stays
		{31 << 20, 62 << 20},      // a larger one: up again
		{math.MaxUint64, 1 << 62}, // no overflow
	} {
		w.observe(step.live)
		if limit := debug.SetMemoryLimit(-1); limit != step.want {
			t.Errorf("after a live heap of %d bytes: limit %d, want %d", step.live, limit, step.want)
		}
	}
}
