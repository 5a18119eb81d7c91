package pollrebalance_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/pollrebalance"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), pollrebalance.Analyzer,
		"pollrebalance/v1", "pollrebalance/v2", "pollrebalance/gopkgin", "pollrebalance/old")
}

func TestNoKafka(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), pollrebalance.Analyzer, "pollrebalance/nokafka")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), pollrebalance.Analyzer, "pollrebalance/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, pollrebalance.Analyzer, "pollrebalance/fix")
}
