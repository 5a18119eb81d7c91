package kafkagoreader_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kafkagoreader"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkagoreader.Analyzer, "kafkagoreader/v0", "kafkagoreader/fetcherr")
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

// TestCrossPackage: configurations and readers from helpers and
// constructors of another package, judged from their facts.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkagoreader.Analyzer, "kafkagoreader/xpkg/kafkacfg", "kafkagoreader/xpkg")
}

// TestParamRelated: a reader whose GroupID is a helper's parameter (or a
// field of its configuration struct parameter), given "" by one caller,
// points at that call, not at the helper's own literal.
func TestParamRelated(t *testing.T) {
	res := analysistest.Run(&quiet{t}, testutil.Fixtures(t), kafkagoreader.Analyzer, "kafkagoreader/v0", "kafkagoreader/fetcherr")
	want := map[string]int{ // report (file:line) -> the caller's line
		"param.go:13":       22, // eventReader(url, "events", "")
		"paramstruct.go:19": 27, // newOrderConsumer(consumerConfig{Brokers: brokers, Topic: "orders"})
		"paramstruct.go:52": 61, // s.reader(), s := &subscription{..., group: ""}
	}
	found := make(map[string]bool)
	for _, r := range res {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			key := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
			line, ok := want[key]
			if !ok {
				continue
			}
			found[key] = true
			if len(d.Related) != 1 {
				t.Fatalf("%s: related %v, want the one call that gives no group", pos, d.Related)
			}
			rel := r.Pass.Fset.Position(d.Related[0].Pos)
			if rel.Line != line || d.Related[0].Message != "the reader's configuration is given here" {
				t.Errorf("%s: related at %s (%q), want line %d, the call that gives no group", pos, rel, d.Related[0].Message, line)
			}
		}
	}
	for key := range want {
		if !found[key] {
			t.Errorf("no report at %s", key)
		}
	}
}
