package analysisutil_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// bad reports every call of a function named bad, after Suppress, as a pass does.
var bad = &analysis.Analyzer{
	Name: "bad",
	Doc:  "report calls of bad",
	Run: func(pass *analysis.Pass) (any, error) {
		analysisutil.Suppress(pass, "bad")
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "bad" {
						pass.Reportf(call.Pos(), "call of bad")
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestSuppress checks which directives silence a report: the analyzer's name (alone
// or in a list) and a reason, on the report's line or the line above.
func TestSuppress(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), bad, "suppress")
}
