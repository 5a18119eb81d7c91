package liveness_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/liveness"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kafkaconfig"
)

// verdicts reports the verdict of every handler: "runs", or "dead N" with the
// Reason's number.
var verdicts = &analysis.Analyzer{
	Name:     "verdicts",
	Doc:      "reports liveness verdicts, for tests",
	Requires: []*analysis.Analyzer{kafkaconfig.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
		lv := liveness.New(kc, pass.TypesInfo, pass.Files)
		for _, h := range rebalance.Find(pass.TypesInfo, pass.Files) {
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
