package kgoflow_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/kgoflow"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestFacts checks the facts exported for the wrappers and option helpers
// of a shared library.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kgoflow.Analyzer, "kgorebalance/xpkg/kafkautil", "kgocommit/xpkg/kafkautil", "kgorebalance/xpkg/common")
}
