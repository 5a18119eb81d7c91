package incrementalassign

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

// A guard is a condition on a struct field that must hold for a call to run:
// the enclosing "if m.incremental", the "else" of one, an earlier "if m.mode
// == modeCooperative { return ... }", or the case of a "switch m.mode".
type guard struct {
	field *types.Var
	holds func(constant.Value) bool // whether the call may run for this value of field
}

// condGuard is the guard of a condition on a field (see fieldCond) that is
// true (or false, when negated) where the call runs.
func condGuard(info *types.Info, cond ast.Expr, negated bool) (guard, bool) {
	f, eval, ok := fieldCond(info, cond)
	if !ok {
		return guard{}, false
	}
	return guard{field: f, holds: func(v constant.Value) bool { return eval(v) != negated }}, true
}

// caseGuard is the guard of a call in clause cc of "switch x.f { ... }" whose
// case values are all constants: f is one of cc's values, or, in the default
// clause, none of the other clauses' values.
func caseGuard(info *types.Info, sw *ast.SwitchStmt, cc *ast.CaseClause) (guard, bool) {
	sel, ok := ast.Unparen(sw.Tag).(*ast.SelectorExpr)
	if !ok || sw.Body == nil {
		return guard{}, false
	}
	f := fieldOf(info, sel)
	if f == nil {
		return guard{}, false
	}
	values := func(c *ast.CaseClause) ([]constant.Value, bool) {
		var vs []constant.Value
		for _, e := range c.List {
			v := info.Types[e].Value
			if v == nil {
				return nil, false
			}
			vs = append(vs, v)
		}
		return vs, true
	}
	in := func(v constant.Value, vs []constant.Value) bool {
		for _, w := range vs {
			if equal(v, w) {
				return true
			}
		}
		return false
	}
	if cc.List != nil {
		vs, ok := values(cc)
		if !ok {
			return guard{}, false
		}
		return guard{field: f, holds: func(v constant.Value) bool { return in(v, vs) }}, true
	}
	var others []constant.Value
	for _, st := range sw.Body.List {
		c, ok := st.(*ast.CaseClause)
		if !ok || c == cc {
			continue
		}
		vs, ok := values(c)
		if !ok {
			return guard{}, false
		}
		others = append(others, vs...)
	}
	return guard{field: f, holds: func(v constant.Value) bool { return !in(v, others) }}, true
}

// equal compares two constants of comparable kinds; false otherwise.
func equal(a, b constant.Value) bool {
	return comparable(a, b) && constant.Compare(a, token.EQL, b)
}

// comparable reports whether constant.Compare accepts a and b: the same
// kind, or both numeric.
func comparable(a, b constant.Value) bool {
	numeric := func(k constant.Kind) bool { return k == constant.Int || k == constant.Float }
	return a.Kind() == b.Kind() && a.Kind() != constant.Unknown || numeric(a.Kind()) && numeric(b.Kind())
}

// guardsOf returns the guards of call within the function body: the
// conditions of the enclosing if statements (true in the then-branch, false
// in the else-branch), the cases of enclosing switches on a field, and the
// conditions of the if statements before it, in an enclosing block, whose
// then-branch always returns and that have no else (false after them). Only
// conditions that read a field are kept (see fieldCond).
func guardsOf(info *types.Info, cur inspector.Cursor) []guard {
	var gs []guard
	pos := cur.Node().Pos()
	for c := range cur.Enclosing() {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return gs
		case *ast.IfStmt:
			var g guard
			ok := false
			switch {
			case within(pos, n.Body):
				g, ok = condGuard(info, n.Cond, false)
			case n.Else != nil && within(pos, n.Else):
				g, ok = condGuard(info, n.Cond, true)
			}
			if ok {
				gs = append(gs, g)
			}
		case *ast.BlockStmt:
			gs = append(gs, returnedBefore(info, n.List, pos)...)
		case *ast.CaseClause: // its statements are a block of their own
			gs = append(gs, returnedBefore(info, n.Body, pos)...)
			if sw, ok := c.Parent().Parent().Node().(*ast.SwitchStmt); ok && within(pos, n) && pos >= n.Colon {
				if g, ok := caseGuard(info, sw, n); ok {
					gs = append(gs, g)
				}
			}
		}
	}
	return gs
}

// returnedBefore returns the guards that the if statements of list before pos
// imply: "if x.f { ...; return }" without an else means !x.f after it.
func returnedBefore(info *types.Info, list []ast.Stmt, pos token.Pos) []guard {
	var gs []guard
	for _, st := range list {
		if st.End() > pos {
			break
		}
		ifs, ok := st.(*ast.IfStmt)
		if !ok || ifs.Else != nil || !endsInReturn(ifs.Body) {
			continue
		}
		if g, ok := condGuard(info, ifs.Cond, true); ok {
			gs = append(gs, g)
		}
	}
	return gs
}

func within(pos token.Pos, n ast.Node) bool { return n.Pos() <= pos && pos < n.End() }

// endsInReturn reports whether a block's last statement is a return.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// fieldCond decomposes a condition on a field: "x.f" and "!x.f" for a boolean
// field, "x.f == K" and "x.f != K" (either side) for a constant K. It returns
// the field, and a function that evaluates the condition for a value of it.
func fieldCond(info *types.Info, cond ast.Expr) (*types.Var, func(constant.Value) bool, bool) {
	switch e := ast.Unparen(cond).(type) {
	case *ast.SelectorExpr:
		if f := fieldOf(info, e); f != nil && isBool(f.Type()) {
			return f, func(v constant.Value) bool { return v.Kind() != constant.Bool || constant.BoolVal(v) }, true
		}
	case *ast.UnaryExpr:
		if e.Op != token.NOT {
			break
		}
		if f, eval, ok := fieldCond(info, e.X); ok {
			return f, func(v constant.Value) bool { return !eval(v) }, true
		}
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			break
		}
		// x.f == K: evaluated for the constants x.f is given
		x, y := ast.Unparen(e.X), ast.Unparen(e.Y)
		if _, ok := x.(*ast.SelectorExpr); !ok {
			x, y = y, x
		}
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		f := fieldOf(info, sel)
		k := info.Types[y].Value
		if f == nil || k == nil {
			break
		}
		op := e.Op
		return f, func(v constant.Value) bool {
			if !comparable(v, k) {
				return true // cannot tell: the branch may run
			}
			return constant.Compare(v, op, k)
		}, true
	}
	return nil, nil, false
}

func fieldOf(info *types.Info, sel *ast.SelectorExpr) *types.Var {
	if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal {
		f, _ := s.Obj().(*types.Var)
		return f
	}
	return nil
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// fieldVals computes fieldValues once per field, for one package.
type fieldVals struct {
	info *types.Info
	in   *inspector.Inspector
	memo map[*types.Var]map[ast.Node][]constant.Value
}

func newFieldVals(info *types.Info, in *inspector.Inspector) fieldVals {
	return fieldVals{info: info, in: in, memo: make(map[*types.Var]map[ast.Node][]constant.Value)}
}

func (fv fieldVals) of(f *types.Var) map[ast.Node][]constant.Value {
	m, ok := fv.memo[f]
	if !ok {
		m = fieldValues(fv.info, fv.in, f)
		fv.memo[f] = m
	}
	return m
}

// fieldValues returns, for each function of the package that gives field f
// only constant values, those values: keyed composite literals of f's struct
// (an omitted f is its zero value) and assignments "x.f = K". A function that
// gives f a value that is not a constant is mapped to nil: unknown.
func fieldValues(info *types.Info, in *inspector.Inspector, f *types.Var) map[ast.Node][]constant.Value {
	zero := analysisutil.ZeroConst(f.Type())
	vals := make(map[ast.Node][]constant.Value)
	unknown := make(map[ast.Node]bool)
	add := func(cur inspector.Cursor, v constant.Value) {
		var fn ast.Node
		for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
			fn = c.Node()
			break
		}
		if fn == nil {
			return
		}
		if v == nil {
			unknown[fn] = true
			return
		}
		vals[fn] = append(vals[fn], v)
	}
	for cur := range in.Root().Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if !analysisutil.DeclaresField(info.TypeOf(n), f) {
				continue
			}
			v := zero
			for _, e := range n.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					v = nil // positional: not followed
					break
				}
				if id, ok := kv.Key.(*ast.Ident); ok && info.Uses[id] == f {
					v = info.Types[kv.Value].Value
				}
			}
			add(cur, v)
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
				if !ok || fieldOf(info, sel) != f {
					continue
				}
				var v constant.Value
				if len(n.Lhs) == len(n.Rhs) && n.Tok == token.ASSIGN {
					v = info.Types[n.Rhs[i]].Value
				}
				add(cur, v)
			}
		}
	}
	for fn := range unknown {
		vals[fn] = nil
	}
	return vals
}

// guardedAway reports whether a guard of a call is false for consumer k, so
// that the call never runs for it: the function that builds k (its
// constructor) gives the guard's field only constant values, and the guard is
// false for each of them. A consumer built where the field is not set, or set
// to something that is not a constant, is not guarded away. The constructor
// stands for the struct it fills in: the field and the consumer are set
// together there.
func (fv fieldVals) guardedAway(gs []guard, k *kafkaconfig.Consumer) bool {
	in := fv.in
	if len(gs) == 0 || k.Call == nil {
		return false
	}
	cur, ok := in.Root().FindNode(k.Call)
	if !ok {
		return false
	}
	var ctor ast.Node
	for c := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		ctor = c.Node()
		break
	}
	if ctor == nil {
		return false
	}
	for _, g := range gs {
		vals, set := fv.of(g.field)[ctor]
		if !set || len(vals) == 0 {
			continue // not set where k is built, or not to a constant
		}
		holds := false
		for _, v := range vals {
			if v.Kind() == constant.Unknown {
				holds = true
				break
			}
			if g.holds(v) {
				holds = true
			}
		}
		if !holds {
			return true // this guard is false for every value k's constructor gives
		}
	}
	return false
}
