package valueflow_test

import (
	"go/ast"
	"go/importer"
	"go/token"
	"go/types"
	"sync"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// places is a package whose calls of useS, useT and useP mark the values the
// test asks about, in order.
const places = `package p

type T struct{ N int }

type box struct{ t T }

func useS([]T) {}
func useT(T)   {}
func useP(*T)  {}

func f(p []T) {
	a := []T{{N: 1}}
	b := append(a, T{N: 2})
	c := make([]T, len(p))
	copy(c, b)
	c[0].N++
	useS(c)     // 0: backed by the make; elements from a and the append, through copy
	useS(p[:1]) // 1: a parameter's array: incomplete

	var x box
	x.t = T{N: 3}
	x.t.N = 4
	useT(x.t) // 2: loaded from field t

	var y T
	useP(&y) // 3: y's address escapes

	r := []T{{N: 5}}
	retry(func() { useS(r) }) // 4: r captured, only read in the closure

	var w T
	retry(func() { w.N = 6 })
	useT(w) // 5: w captured and written in the closure
}

func retry(f func()) { f() }
`

func build(t *testing.T) (*valueflow.Graph, []*ast.CallExpr) {
	t.Helper()
	pass := testutil.CheckSource(t, importer.Default(), places)
	fset, pkg, f, info := pass.Fset, pass.Pkg, pass.Files[0], pass.TypesInfo
	var uses []*ast.CallExpr
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "useS" || id.Name == "useT" || id.Name == "useP") {
				uses = append(uses, c)
			}
		}
		return true
	})
	return valueflow.New(fset, pkg, []*ast.File{f}, info, false, nil), uses
}

func TestBackingAndElements(t *testing.T) {
	g, uses := build(t)
	c := g.ValueOf(uses[0].Args[0])
	bk := g.Backing(c)
	if !bk.Complete || len(bk.Roots) != 1 {
		t.Fatalf("Backing(c) = %v (complete %v), want the make, complete", bk.Roots, bk.Complete)
	}
	mk, ok := bk.Roots[0].(*ssa.MakeSlice)
	if !ok {
		t.Fatalf("Backing(c) = %v, want a *ssa.MakeSlice", bk.Roots[0])
	}
	el := g.Elements(c)
	if !el.Complete || len(el.Roots) != 2 {
		t.Fatalf("Elements(c) = %v (complete %v), want the two literals copied in, complete", el.Roots, el.Complete)
	}
	for _, r := range el.Roots {
		if _, ok := r.(*ssa.Alloc); !ok {
			t.Errorf("element root %v is not a literal", r)
		}
	}
	// c[0].N++ changes an element: a store through a part of &c[0].
	changed := false
	for _, ia := range g.ElementAddrs(mk) {
		stores, _ := valueflow.Writes(ia)
		for _, st := range stores {
			changed = changed || st.Addr != ssa.Value(ia)
		}
	}
	if !changed {
		t.Errorf("no write into a part of an element of c")
	}

	p := g.Backing(g.ValueOf(uses[1].Args[0]))
	if p.Complete {
		t.Errorf("Backing(p[:1]) complete, want incomplete (a parameter)")
	}
	if len(p.Roots) != 1 {
		t.Fatalf("Backing(p[:1]) = %v, want the parameter", p.Roots)
	}
	if _, ok := p.Roots[0].(*ssa.Parameter); !ok {
		t.Errorf("Backing(p[:1]) = %v, want the parameter", p.Roots[0])
	}
}

func TestViaAndWrites(t *testing.T) {
	g, uses := build(t)
	tr := g.Roots(g.ValueOf(uses[2].Args[0]))
	var field *types.Var
	for _, v := range tr.Via {
		if fa, ok := v.(*ssa.FieldAddr); ok {
			st := fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct)
			field = st.Field(fa.Field)
		}
	}
	if field == nil || field.Name() != "t" {
		t.Fatalf("Via = %v, want the field t", tr.Via)
	}
	fas := g.FieldAddrs(field)
	if len(fas) != 3 { // x.t = ..., x.t.N = ..., the load
		t.Errorf("FieldAddrs(t) = %v, want 3", fas)
	}
	var whole, part int
	for _, fa := range fas {
		stores, esc := valueflow.Writes(fa)
		if esc {
			t.Errorf("%v escapes", fa)
		}
		for _, st := range stores {
			if st.Addr == ssa.Value(fa) {
				whole++
			} else {
				part++
			}
		}
	}
	if whole != 1 || part != 1 {
		t.Errorf("writes into x.t: %d whole, %d part; want 1, 1", whole, part)
	}

	y := g.ValueOf(uses[3].Args[0])
	if _, esc := valueflow.Writes(y); !esc {
		t.Errorf("&y passed to a call does not escape")
	}
}

// TestWritesCaptured: a variable captured by a closure that only reads it
// does not escape; one the closure writes does.
func TestWritesCaptured(t *testing.T) {
	g, uses := build(t)
	variable := func(use *ast.CallExpr) *ssa.Alloc {
		t.Helper()
		for _, v := range g.Roots(g.ValueOf(use.Args[0])).Via {
			if a, ok := v.(*ssa.Alloc); ok && a.Heap {
				return a
			}
		}
		t.Fatalf("no captured variable on the way to %v", use.Args[0])
		return nil
	}
	r := variable(uses[4])
	stores, esc := valueflow.Writes(r)
	if esc || len(stores) != 1 {
		t.Errorf("Writes(r) = %v, escapes %v; want its definition, no escape", stores, esc)
	}
	if _, esc := valueflow.Writes(variable(uses[5])); !esc {
		t.Errorf("w written in a closure does not escape")
	}
}

func TestBroken(t *testing.T) {
	g := valueflow.New(token.NewFileSet(), types.NewPackage("p", "p"), nil, nil, true, nil)
	if tr := g.Backing(nil); tr.Complete || len(tr.Roots) > 0 {
		t.Errorf("Backing on a broken graph = %v", tr)
	}
	if tr := g.Elements(nil); tr.Complete || len(tr.Roots) > 0 {
		t.Errorf("Elements on a broken graph = %v", tr)
	}
	if g.ElementAddrs(nil) != nil || g.FieldAddrs(nil) != nil {
		t.Errorf("addresses on a broken graph")
	}
}

// TestConcurrent asks a fresh graph from several goroutines at once, as the
// analyzers sharing kafkaconfig's result do in the standalone driver: every
// caller must see the built graph (run with -race to check the locking).
func TestConcurrent(t *testing.T) {
	g, uses := build(t)
	var wg sync.WaitGroup
	got := make([]int, 8)
	for i := range got {
		wg.Go(func() {
			got[i] = len(g.Elements(g.ValueOf(uses[0].Args[0])).Roots) + len(g.Backing(g.ValueOf(uses[1].Args[0])).Roots)
		})
	}
	wg.Wait()
	for i, n := range got {
		if n != 3 {
			t.Errorf("goroutine %d: %d roots, want 3 (2 elements, 1 backing array)", i, n)
		}
	}
}
