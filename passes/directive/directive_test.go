package directive_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/directive"
)

// TestClients: in a package of each client, and in one that uses none, the
// directive analyzer reports malformed directives, unknown names and, with
// -directive.unusedignores, the directives that suppress nothing; the
// directives that suppress a report (each fixture's first) are silent.
func TestClients(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), unused(t, analyzer.NewAnalyzers()),
		"directive/v1", "directive/ibm", "directive/kgo", "directive/kafkago", "directive/noclient")
}

// TestNoFlag: without the flag, stale directives are not reported.
func TestNoFlag(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), directive.Analyzer, "directive/noflag")
}

// TestAlias: a pass's -NAME.unusedignores, deprecated, still asks for NAME's
// stale directives (configkey's here), and only NAME's.
func TestAlias(t *testing.T) {
	list := analyzer.NewAnalyzers()
	for _, a := range list {
		if a.Name == "configkey" {
			if err := a.Flags.Set(analysisutil.UnusedFlag, "true"); err != nil {
				t.Fatal(err)
			}
		}
	}
	analysistest.Run(t, testutil.TestData(t), list[len(list)-1], "directive/alias")
}

// unused returns the directive analyzer of list, the suite's last, with
// -directive.unusedignores set.
func unused(t *testing.T, list []*analysis.Analyzer) *analysis.Analyzer {
	t.Helper()
	d := list[len(list)-1]
	if d.Name != "directive" {
		t.Fatalf("the suite's last analyzer is %s, want directive", d.Name)
	}
	if err := d.Flags.Set(analysisutil.UnusedFlag, "true"); err != nil {
		t.Fatal(err)
	}
	return d
}
