package claimloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/claimloop"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), claimloop.Analyzer, "claimloop/ibm", "claimloop/shopify", "claimloop/lookalike", "claimloop/shortcut")
}

// TestFix checks the fixes against their golden files: comma-ok with a
// return, and a return instead of a continue.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), claimloop.Analyzer, "claimloop/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, claimloop.Analyzer, "claimloop/fix")
}

// TestCrossPackage: a ConsumeClaim that runs a shared library's claim loop,
// judged from the library's facts, on both import paths.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), claimloop.Analyzer, "claimloop/xpkg/ibm/kafkalib", "claimloop/xpkg/ibm", "claimloop/xpkg/shopify/kafkalib", "claimloop/xpkg/shopify")
}
