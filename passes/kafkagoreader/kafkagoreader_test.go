package kafkagoreader_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kafkagoreader"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkagoreader.Analyzer, "kafkagoreader/v0")
}

// TestReadMessage runs the opt-in ReadMessage check; the default run leaves
// the same package silent.
func TestReadMessage(t *testing.T) {
	a := kafkagoreader.NewAnalyzer()
	if err := a.Flags.Set("readmessage", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testutil.Fixtures(t), a, "kafkagoreader/readmessage")
	if diags := analysistest.Run(&quiet{t}, testutil.Fixtures(t), kafkagoreader.NewAnalyzer(), "kafkagoreader/readmessage"); len(diags) != 1 || len(diags[0].Diagnostics) != 0 {
		t.Errorf("without -readmessage: %d results, want one package without reports", len(diags))
	}
}

// quiet is a testing.T for a run whose "unexpected diagnostic" errors are the
// point: it records none of them as failures.
type quiet struct{ *testing.T }

func (q *quiet) Errorf(format string, args ...any) {}

func TestIllTyped(t *testing.T) {
	for _, src := range testutil.IllTypedClientSources {
		testutil.RunIllTyped(t, kafkagoreader.Analyzer, src)
	}
}

// TestCrossPackage: configurations and readers from helpers and
// constructors of another package, judged from their facts.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkagoreader.Analyzer, "kafkagoreader/xpkg/kafkacfg", "kafkagoreader/xpkg")
}
