package configkey_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/configkey"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), configkey.Analyzer, "configkey/v1", "configkey/v2", "configkey/gopkgin", "configkey/sweep_confluent_kafka_go_v1_8_2")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), configkey.Analyzer, "configkey/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, configkey.Analyzer, "configkey/fix")
}
