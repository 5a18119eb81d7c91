package pkgindex_test

import (
	"go/ast"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestCallees: what a call may call, for each kind of call, and whether the
// list is complete (testdata/src/pkgindex/basic: one call per function).
func TestCallees(t *testing.T) {
	res := analysistest.Run(t, testutil.Fixtures(t), pkgindex.Analyzer, "pkgindex/basic")
	if len(res) != 1 {
		t.Fatalf("%d results, want 1", len(res))
	}
	r := res[0].Result.(*pkgindex.Result)
	for _, tc := range []struct {
		fn       string
		want     []string // the callees, as types.Func.FullName
		complete bool
	}{
		{"direct", []string{"pkgindex/basic.helper"}, true},
		{"viaInterface", []string{"(pkgindex/basic.store).Commit"}, true},
		{"viaEither", []string{"(pkgindex/basic.fake).Commit", "(pkgindex/basic.store).Commit"}, true},
		{"viaParam", nil, false},
		{"viaValue", []string{"pkgindex/basic.helper", "pkgindex/basic.other"}, true},
		{"viaLiteral", nil, false},
		{"conversion", nil, true},
	} {
		var decl *ast.FuncDecl
		for fn, d := range r.FuncDecls() {
			if fn.Name() == tc.fn {
				decl = d
			}
		}
		if decl == nil {
			t.Errorf("%s: not among the package's FuncDecls", tc.fn)
			continue
		}
		var call *ast.CallExpr
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				call = c // the last call in source order: the one the function is about
			}
			return true
		})
		if call == nil {
			t.Errorf("%s: no call", tc.fn)
			continue
		}
		fns, complete := r.Callees(call)
		var got []string
		for _, f := range fns {
			got = append(got, f.FullName())
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) || complete != tc.complete {
			t.Errorf("%s: Callees(%s) = %v, complete %v; want %v, complete %v",
				tc.fn, types.ExprString(call), got, complete, tc.want, tc.complete)
		}
	}
}
