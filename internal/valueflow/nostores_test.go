package valueflow

import (
	"go/ast"
	"go/importer"
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// noStores passes the address of a local variable to a function of another
// package (sync/atomic's AddInt64) before reading it.
const noStores = `package p

import "sync/atomic"

func use(int64) {}

func f() {
	var n int64 = 1
	atomic.AddInt64(&n, 1)
	use(n)
}
`

// TestSetNoStoresAfterTrace: a function named by SetNoStores leaves the trace
// of a variable passed to it complete, also when a trace of the same value was
// made (and memoised) before the call, as a pass of another client may make one
// on the graph the passes share before kafkaconfig's run calls SetNoStores.
func TestSetNoStoresAfterTrace(t *testing.T) {
	pass := testutil.CheckSource(t, importer.Default(), noStores)
	g := New(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo, false, nil)
	var arg ast.Expr
	var add types.Object
	ast.Inspect(pass.Files[0], func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				if fn.Name == "use" {
					arg = call.Args[0]
				}
			case *ast.SelectorExpr:
				add = pass.TypesInfo.Uses[fn.Sel]
			}
		}
		return true
	})
	v := g.ValueOf(arg)
	if v == nil || add == nil {
		t.Fatalf("no value for use's argument (%v) or no AddInt64 (%v)", v, add)
	}
	if tr := g.Roots(v); tr.Complete {
		t.Fatalf("Roots(n) complete before SetNoStores: %v", tr.Roots)
	}
	g.SetNoStores([]types.Object{add})
	if tr := g.Roots(v); !tr.Complete {
		t.Errorf("Roots(n) incomplete after SetNoStores(AddInt64): %v (the memo of the earlier trace was kept)", tr.Roots)
	}
}
