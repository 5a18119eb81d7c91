package revokecommit_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/v1")
}

// TestVersions runs module-mode trees whose go.mod requires a given library version
// (replaced by the stub): the message must say what happens on that version.
func TestVersions(t *testing.T) {
	analysistest.Run(t, filepath.Join(testutil.TestData(t), "versions", "v1_4_0"), revokecommit.Analyzer, "./...")
}

// TestFix checks the suggested fixes against the golden files.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, revokecommit.Analyzer, "revokecommit/fix")
}
