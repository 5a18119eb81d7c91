package kgocommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kgocommit"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), kgocommit.Analyzer, "kgocommit/v1", "kgocommit/old")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, kgocommit.Analyzer, "kgocommit/v1")
}

// TestCrossPackage: clients built by a wrapper of another package, with the
// wrapper's options and the caller's (facts).
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kgocommit.Analyzer, "kgocommit/xpkg")
}
