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

// TestShortAndHelp: Analyzer.Doc (MustExtractDoc) is the title and the paragraph
// after it; Help has the whole section.
func TestShortAndHelp(t *testing.T) {
	const doc = `// Package p defines an analyzer.
//
// # Analyzer three
//
// three: check the third thing
//
// Reports the third thing.
//
// Why it matters, at length.
//
// # Not reported
//
// What three leaves alone.
package p
`
	if got, want := analysisutil.MustExtractDoc(doc, "three"), "check the third thing\n\nReports the third thing."; got != want {
		t.Errorf("MustExtractDoc = %q, want %q", got, want)
	}
	full, ok := analysisutil.Help("three")
	if want := "check the third thing\n\nReports the third thing.\n\nWhy it matters, at length.\n\n# Not reported\n\nWhat three leaves alone."; !ok || full != want {
		t.Errorf("Help(three) = %q, %v; want %q", full, ok, want)
	}
	if _, ok := analysisutil.Help("nosuch"); ok {
		t.Error("Help(nosuch) found a documentation")
	}
}
