package analysisutil_test

import (
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

const twoAnalyzers = `// Package p defines two analyzers.
//
// # Analyzer one
//
// one: check the first thing
//
// What one does.
//
// # Not reported
//
// What one leaves alone.
//
// # Analyzer two
//
// two: check the second thing
//
// What two does.
package p
`

func TestExtractDoc(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		// the analyzer's own subsections are part of its Doc: "kafkalint help
		// one" prints them
		{"one", "check the first thing\n\nWhat one does.\n\n# Not reported\n\nWhat one leaves alone."},
		{"two", "check the second thing\n\nWhat two does."},
	} {
		got, err := analysisutil.ExtractDoc(twoAnalyzers, tc.name)
		if err != nil || got != tc.want {
			t.Errorf("ExtractDoc(%s) = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ content, name, err string }{
		{twoAnalyzers, "three", `no "# Analyzer three" heading`},
		{"package p\n", "one", "no package doc comment"},
		{"// Package p.\n//\n// # Analyzer one\n//\n// check without the name\npackage p\n", "one", `must start with "one: "`},
	} {
		if _, err := analysisutil.ExtractDoc(tc.content, tc.name); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ExtractDoc(%s) error = %v, want one containing %q", tc.name, err, tc.err)
		}
	}
}
