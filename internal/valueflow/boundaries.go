package valueflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Boundary is where other packages hand a value to this one: parameter Index
// of the exported function Func (-1: its receiver), or the exported field Field.
type Boundary struct {
	Func  *types.Func
	Index int
	Field *types.Var
}

// Boundaries returns the boundaries that v may take its value from (through
// pointers too): the part of its value that only the package's callers know.
// A pass that cannot judge a value carries its question to those callers as a
// fact on these objects. v may be nil (ValueOf found nothing): none.
//
// It takes the graph's lock through the exported methods it calls.
func (g *Graph) Boundaries(v ssa.Value) []Boundary {
	if v == nil {
		return nil
	}
	var out []Boundary
	seen := make(map[Boundary]bool)
	var visit func(roots []ssa.Value, depth int)
	visit = func(roots []ssa.Value, depth int) {
		for _, root := range roots {
			var b Boundary
			switch x := root.(type) {
			case *ssa.Parameter:
				fn, i, ok := ParamIndex(x)
				if !ok || !ReachableFromOutside(x.Parent()) {
					continue
				}
				b = Boundary{Func: fn, Index: i}
			case *ssa.FieldAddr, *ssa.Field:
				f := FieldOf(x)
				if f == nil || !f.Exported() || f.Pkg() != g.pkg || !exportedStruct(x) {
					if fa, ok := x.(*ssa.FieldAddr); ok && depth < 2 {
						visit(g.Pointees(fa).Roots, depth+1) // &s.cm: what is stored there
					}
					continue
				}
				b = Boundary{Field: f}
			case *ssa.Alloc, *ssa.Global:
				if depth < 2 {
					visit(g.Pointees(x).Roots, depth+1)
				}
				continue
			default:
				continue
			}
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	visit(g.Roots(v).Roots, 0)
	return out
}

// exportedStruct reports whether the struct a FieldAddr or Field selects from
// is a named type other packages can name.
func exportedStruct(v ssa.Value) bool {
	var t types.Type
	switch x := v.(type) {
	case *ssa.FieldAddr:
		p, ok := x.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	case *ssa.Field:
		t = x.X.Type()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}
