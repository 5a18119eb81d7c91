package incrementalassign_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/incrementalassign"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), incrementalassign.Analyzer, "incrementalassign/v1")
}

func TestPaths(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), incrementalassign.Analyzer, "incrementalassign/v2", "incrementalassign/gopkgin")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), incrementalassign.Analyzer, "incrementalassign/fix", "incrementalassign/fixeager")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, incrementalassign.Analyzer, "incrementalassign/fix", "incrementalassign/fixeager")
}

// TestNoKafka: look-alike types and methods of a package that is not the
// library are not reported.
func TestNoKafka(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), incrementalassign.Analyzer, "incrementalassign/nokafka")
}

// TestVersions runs a module-mode tree whose go.mod requires v1.4.0 (replaced
// by the stub): sharedassign's message offers IncrementalAssign only from
// v1.6.1, where the method exists.
func TestVersions(t *testing.T) {
	analysistest.Run(t, filepath.Join(testutil.TestData(t), "versions", "incrementalassign_v1_4_0"), incrementalassign.Analyzer, "./...")
}
