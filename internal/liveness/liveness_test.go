package liveness_test

import (
	"fmt"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/liveness"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// verdicts reports the verdict of every handler: "runs", or "dead N" with the
// Reason's number.
var verdicts = &analysis.Analyzer{
	Name:     "verdicts",
	Doc:      "reports liveness verdicts, for tests",
	Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, rebalance.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
		lv := liveness.New(kc, pass.TypesInfo, analysisutil.InspectorOf(pass))
		for _, h := range pass.ResultOf[rebalance.Analyzer].(*rebalance.Result).Handlers {
			v := lv.Of(h)
			msg := "runs"
			if v.Dead() {
				msg = fmt.Sprintf("dead %d from %s", v.Reason, pass.Fset.Position(v.Source.Pos()))
			}
			pass.Reportf(h.Type.Pos(), "%s", msg)
		}
		return nil, nil
	},
}

func TestVerdictsOnCode(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), verdicts, "liveness/v2")
}

// A nil checker, a nil handler and a handler without a function answer "may run".
func TestNil(t *testing.T) {
	var c *liveness.Checker
	if c.Of(&rebalance.Handler{}).Dead() {
		t.Error("nil checker: dead")
	}
	if liveness.New(nil, nil, nil).Of(nil).Dead() {
		t.Error("nil handler: dead")
	}
}

// concurrent asks for every verdict from several goroutines at once, as the
// analyzers that share kafkaconfig's Result do, before anything is built, and
// reports a handler whose verdicts differ (run with -race, it also checks that
// the shared graph is guarded).
var concurrent = &analysis.Analyzer{
	Name:     "concurrent",
	Doc:      "asks for liveness verdicts concurrently, for tests",
	Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, rebalance.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
		in := analysisutil.InspectorOf(pass)
		hs := pass.ResultOf[rebalance.Analyzer].(*rebalance.Result).Handlers
		const n = 8
		got := make([][]bool, n)
		var wg sync.WaitGroup
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				lv := liveness.New(kc, pass.TypesInfo, in)
				for _, h := range hs {
					got[i] = append(got[i], lv.Of(h).Dead())
				}
			}()
		}
		wg.Wait()
		for j, h := range hs {
			for i := 1; i < n; i++ {
				if got[i][j] != got[0][j] {
					pass.Reportf(h.Type.Pos(), "verdicts differ between goroutines")
					break
				}
			}
		}
		return nil, nil
	},
}

func TestConcurrent(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), concurrent, "liveness/concurrent")
}
