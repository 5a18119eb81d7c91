package markoffset_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/markoffset"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), markoffset.Analyzer, "markoffset/ibm", "markoffset/shopify", "markoffset/lookalike", "markoffset/computed")
}

// TestFacts checks ack helpers of another package that mark their parameter
// as is (MarksParamFact): the facts, and the reports at their callers.
func TestFacts(t *testing.T) {
	for _, path := range []string{"ibm", "shopify"} {
		analysistest.Run(t, testutil.Fixtures(t), markoffset.Analyzer,
			"markoffset/xpkg/"+path+"/kafkautil", "markoffset/xpkg/"+path)
	}
}

// TestFix checks the fixes against their golden files: MarkMessage, and +1.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), markoffset.Analyzer, "markoffset/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, markoffset.Analyzer, "markoffset/fix")
}
