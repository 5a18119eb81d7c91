package incrementalassign_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/incrementalassign"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), incrementalassign.Analyzer, "incrementalassign/v1")
}

func TestPaths(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), incrementalassign.Analyzer, "incrementalassign/v2", "incrementalassign/gopkgin")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), incrementalassign.Analyzer, "incrementalassign/fix", "incrementalassign/fixeager")
}

func TestGoldens(t *testing.T) {
	testutil.CheckGoldens(t, incrementalassign.Analyzer, "incrementalassign/fix", "incrementalassign/fixeager")
}

func TestNoKafka(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), incrementalassign.Analyzer, "pollrebalance/nokafka")
}

func TestIllTyped(t *testing.T) {
	for _, src := range testutil.IllTypedSources {
		testutil.RunIllTyped(t, incrementalassign.Analyzer, src)
	}
}
