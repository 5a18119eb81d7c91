package kafkagocommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kafkagocommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkagocommit.Analyzer, "kafkagocommit/v0", "kafkagocommit/changed", "kafkagocommit/pool")
}

// TestFix checks the fixes against their golden file: + 1 where the offset
// is the value stored into the map, nothing for an offset kept in a variable.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), kafkagocommit.Analyzer, "kafkagocommit/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, kafkagocommit.Analyzer, "kafkagocommit/fix")
}
