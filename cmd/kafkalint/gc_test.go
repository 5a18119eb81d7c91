package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

// TestTuneGC: the command's GC settings apply only when the user set neither GOGC
// nor GOMEMLIMIT, reach the go command through the environment, and give way to
// the defaults once the live heap passes half the limit.
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
	if percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64); percent != -1 || limit != memoryLimit {
		t.Errorf("unset: GOGC %d, limit %d; want off and %d", percent, limit, memoryLimit)
	}
	if got := os.Getenv("GOGC"); got != childGOGC {
		t.Errorf("GOGC for the go command = %q, want %s", got, childGOGC)
	}

	restore(-1, memoryLimit)
	if relaxGC(memoryLimit / 2) {
		t.Errorf("relaxGC at half the limit: relaxed, want the command's settings kept")
	}
	if percent := debug.SetGCPercent(-1); percent != -1 {
		t.Errorf("relaxGC at half the limit changed GOGC to %d", percent)
	}
	if !relaxGC(memoryLimit/2 + 1) {
		t.Errorf("relaxGC past half the limit: not relaxed")
	}
	if percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64); percent != 100 || limit != math.MaxInt64 {
		t.Errorf("relaxed: GOGC %d, limit %d; want 100 and no limit", percent, limit)
	}
}
