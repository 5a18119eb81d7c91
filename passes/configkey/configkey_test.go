package configkey_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/configkey"
	"github.com/kafkalint/kafkalint/passes/configkey/internal/propgen"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), configkey.Analyzer, "configkey/v1", "configkey/v2", "configkey/gopkgin", "configkey/sweep_confluent_kafka_go_v1_8_2")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), configkey.Analyzer, "configkey/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, configkey.Analyzer, "configkey/fix")
}

// TestGenerated fails when properties_gen.go is not what the generator makes of
// the committed CONFIGURATION.md: run go generate ./passes/configkey.
func TestGenerated(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("internal", "propgen", "CONFIGURATION.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := propgen.Generate(md)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("properties_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("properties_gen.go is stale: run go generate ./passes/configkey")
	}
}
