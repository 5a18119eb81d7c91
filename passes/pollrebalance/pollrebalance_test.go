package pollrebalance_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/pollrebalance"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), pollrebalance.Analyzer,
		"pollrebalance/v1", "pollrebalance/v2", "pollrebalance/gopkgin", "pollrebalance/old")
}

// TestUntraced: an Assign, or a Subscribe with a callback, that may be on any
// consumer, or Assign taken as a value, silences the unhandled rule for the package.
func TestUntraced(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), pollrebalance.Analyzer,
		"pollrebalance/untraced", "pollrebalance/methodvalue", "pollrebalance/untracedcb")
}

func TestNoKafka(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), pollrebalance.Analyzer, "pollrebalance/nokafka")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), pollrebalance.Analyzer, "pollrebalance/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, pollrebalance.Analyzer, "pollrebalance/fix")
}

// TestVersions runs module-mode trees whose go.mod requires a given library
// version (replaced by the stub): a Poll loop that never assigns is reported
// before v1.6.1 only (docs/library-facts.md, F15).
func TestVersions(t *testing.T) {
	for _, v := range []string{"pollrebalance_v1_4_0", "pollrebalance_v1_7_0"} {
		t.Run(v, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(testutil.TestData(t), "versions", v), pollrebalance.Analyzer, "./...")
		})
	}
}
