package main

import (
	"bytes"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer the progress goroutine and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProgress: the line appears once the delay has passed, says the stage,
// and is erased by stop; a run shorter than the delay writes nothing.
func TestProgress(t *testing.T) {
	var short lockedBuffer
	startProgress(&short, time.Hour, time.Hour)()
	if got := short.String(); got != "" {
		t.Errorf("a short run wrote %q", got)
	}
	setStage("listing packages")
	defer setStage("loading packages")
	var b lockedBuffer
	stop := startProgress(&b, time.Millisecond, time.Hour)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && b.String() == ""; {
		time.Sleep(time.Millisecond)
	}
	stop()
	stop() // a second stop is harmless
	if got, want := b.String(), "\r\033[Kkafkalint: listing packages (0s; KAFKALINT_PROGRESS=off silences this)\r\033[K"; got != want {
		t.Errorf("progress output %q, want %q", got, want)
	}
}
