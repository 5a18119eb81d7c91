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
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// verdicts reports the verdict of every handler: "runs", or "dead N" with the
// Reason's number.
var verdicts = &analysis.Analyzer{
	Name:     "verdicts",
	Doc:      "reports liveness verdicts, for tests",
	Requires: []*analysis.Analyzer{liveness.Analyzer, rebalance.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		lv := pass.ResultOf[liveness.Analyzer].(*liveness.Result)
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
	analysistest.Run(t, testutil.Fixtures(t), verdicts, "liveness/v2")
}

// A nil checker, a nil handler and a handler without a function answer "may run".
func TestNil(t *testing.T) {
	var c *liveness.Checker
	if c.Of(&rebalance.Handler{}).Dead() {
		t.Error("nil checker: dead")
	}
	if liveness.NewChecker(nil, nil, nil, nil).Of(nil).Dead() {
		t.Error("nil handler: dead")
	}
	var r *liveness.Result
	if r.Of(&rebalance.Handler{}).Dead() {
		t.Error("nil result: dead")
	}
}

// concurrent asks for every verdict from several goroutines at once, half of
// them of the shared Result (as the passes that require Analyzer do) and half
// of checkers of their own over the same kafkaconfig Result, before anything
// is built, and reports a handler whose verdicts differ (run with -race, it
// also checks that the Result and the shared graph are guarded).
var concurrent = &analysis.Analyzer{
	Name:     "concurrent",
	Doc:      "asks for liveness verdicts concurrently, for tests",
	Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, pkgindex.Analyzer, rebalance.Analyzer, liveness.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
		shared := pass.ResultOf[liveness.Analyzer].(*liveness.Result)
		cs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
		rb := pass.ResultOf[rebalance.Analyzer].(*rebalance.Result)
		hs := rb.Handlers
		const n = 8
		got := make([][]bool, n)
		var wg sync.WaitGroup
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				of := shared.Of
				if i%2 == 1 {
					of = liveness.NewChecker(kc, cs, rb.Subscribes, pass.TypesInfo).Of
				}
				for _, h := range hs {
					got[i] = append(got[i], of(h).Dead())
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
	analysistest.Run(t, testutil.Fixtures(t), concurrent, "liveness/concurrent")
}
