package storeoffset_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/storeoffset"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), storeoffset.Analyzer,
		"storeoffset/v1", "storeoffset/v2", "storeoffset/gopkgin", "storeoffset/lookalike")
}

// TestFacts checks helpers of another package that store their parameters as
// is (StoresFact): the facts on the helpers, and the reports at their callers.
// The three trees differ only in the library's import path.
func TestFacts(t *testing.T) {
	for _, v := range []string{"v1", "v2", "gopkgin"} {
		analysistest.Run(t, testutil.Fixtures(t), storeoffset.Analyzer,
			"storeoffset/xpkg/"+v+"/offsets", "storeoffset/xpkg/"+v)
	}
}

// TestFix checks every fix against its golden file: StoreMessage, CommitMessage
// and "+ 1" on the v1 path, and on a vendored library before v1.8.2 (no
// StoreMessage, so no fix for StoreOffsets of m.TopicPartition).
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), storeoffset.Analyzer,
		"storeoffset/fix", "storeoffset/fixv2", "storeoffset/old")
}

// TestFixCompiles type-checks the fixed code (with the vendored library of
// storeoffset/old) and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, storeoffset.Analyzer, "storeoffset/fix", "storeoffset/fixv2", "storeoffset/old")
}
