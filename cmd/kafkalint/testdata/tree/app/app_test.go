package app

import "testing"

// A test that no longer compiles: app's test variant is ill-typed.
func TestCounted(t *testing.T) {
	var n int = "one"
	counted(nil, n)
}
