package kgorebalance_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kgorebalance"
)

func Test(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), kgorebalance.Analyzer, "kgorebalance/v1", "kgorebalance/old")
}

// TestIdentity: franz-go from a vendor directory is franz-go; a package with
// kgo's names at another path is not.
func TestIdentity(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kgorebalance.Analyzer, "kgorebalance/vendored", "kgorebalance/lookalike")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, kgorebalance.Analyzer, "kgorebalance/v1", "kgorebalance/old")
}

// TestCrossPackage: options passed to a wrapper of another package, and
// option sets from its helpers, judged with the wrapper's options (facts).
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kgorebalance.Analyzer, "kgorebalance/xpkg", "kgorebalance/xpkg/poll", "kgorebalance/xpkg/manual", "kgorebalance/xpkg/source", "kgorebalance/xpkg/tuned")
}

// TestOwnGroup: a client whose group id is made new at each start (uuid)
// has no other member to lose a commit to.
func TestOwnGroup(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kgorebalance.Analyzer, "kgorebalance/owngroup")
}

// TestWorkers: a revoke callback that stops the goroutines processing the
// partitions and returns before they commit (apm-queue v1.0.0's shape).
func TestWorkers(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kgorebalance.Analyzer, "kgorebalance/workers")
}
