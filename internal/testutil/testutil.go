// Package testutil locates the shared analysistest tree and checks fixed code.
package testutil

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestData returns the absolute path of the repository's testdata directory, the
// GOPATH of every analysistest run (analysistest needs it absolute).
func TestData(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate testutil source")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}
