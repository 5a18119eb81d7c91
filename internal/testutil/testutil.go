// Package testutil builds the shared analysistest tree (Fixtures: the committed
// fixtures plus their generated import-path variants) and checks fixed code.
package testutil

import (
	"path/filepath"
	"runtime"
	"testing"
)

// TestData returns the absolute path of the repository's testdata directory as
// committed: the module trees (demos, versions) and the source of Fixtures,
// which is the GOPATH of the analysistest runs.
func TestData(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate testutil source")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}
