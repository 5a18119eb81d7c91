package main

// A progress line for long loads. A cold first run lists the module graph and
// has the go command build the export data of every dependency, which can take
// a minute with no output; on a terminal that looks like a hang. So when
// loading and analysing take longer than a few seconds and standard error is a
// terminal, the command keeps one line there, rewritten in place, saying what it
// is doing and for how long, and erases it before it prints anything else.
// KAFKALINT_PROGRESS=off silences it; CI logs (not a terminal) never see it.

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// stage is what the progress line says the command is doing.
var stage atomic.Pointer[string]

// setStage sets what the progress line says.
func setStage(s string) { stage.Store(&s) }

// progressWanted reports whether standard error is a terminal and
// KAFKALINT_PROGRESS does not say off.
func progressWanted() bool {
	if os.Getenv("KAFKALINT_PROGRESS") == "off" {
		return false
	}
	fi, err := os.Stderr.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// startProgress writes the progress line to w once after has passed, and
// again every every, until stop is called; stop erases the line (if it was
// written) and returns once nothing more is written.
func startProgress(w io.Writer, after, every time.Duration) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	start := time.Now()
	go func() {
		defer wg.Done()
		timer := time.NewTimer(after)
		defer timer.Stop()
		written := false
		for {
			select {
			case <-done:
				if written {
					_, _ = fmt.Fprint(w, "\r\033[K") // a progress line: nothing to do if it cannot be erased
				}
				return
			case <-timer.C:
				s := "loading packages"
				if p := stage.Load(); p != nil {
					s = *p
				}
				_, _ = fmt.Fprintf(w, "\r\033[Kkafkalint: %s (%ds; KAFKALINT_PROGRESS=off silences this)", s, int(time.Since(start).Seconds()))
				written = true
				timer.Reset(every)
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			wg.Wait()
		})
	}
}
