package incrementalassign

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

// A guard is a condition on a struct field that must hold (or not, when
// negated) for a call to run: the enclosing "if m.incremental", the "else" of
// one, or an earlier "if m.mode == modeCooperative { return ... }".
type guard struct {
	cond    ast.Expr
	negated bool
}

// guardsOf returns the guards of call within the function body: the
// conditions of the enclosing if statements (true in the then-branch, false
// in the else-branch), and of the if statements before it, in an enclosing
// block, whose then-branch always returns and that have no else (false after
// them). Only conditions that read a field are kept (see fieldCond).
func guardsOf(info *types.Info, cur inspector.Cursor) []guard {
	var gs []guard
	pos := cur.Node().Pos()
	for c := range cur.Enclosing() {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return gs
		case *ast.IfStmt:
			if _, _, ok := fieldCond(info, n.Cond); !ok {
				continue
			}
			switch {
			case within(pos, n.Body):
				gs = append(gs, guard{cond: n.Cond})
			case n.Else != nil && within(pos, n.Else):
				gs = append(gs, guard{cond: n.Cond, negated: true})
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if st.End() > pos {
					break
				}
				ifs, ok := st.(*ast.IfStmt)
				if !ok || ifs.Else != nil || !endsInReturn(ifs.Body) {
					continue
				}
				if _, _, ok := fieldCond(info, ifs.Cond); ok {
					gs = append(gs, guard{cond: ifs.Cond, negated: true})
				}
			}
		case *ast.CaseClause:
			// statements of a case clause are a block of their own
			for _, st := range n.Body {
				if st.End() > pos {
					break
				}
				ifs, ok := st.(*ast.IfStmt)
				if !ok || ifs.Else != nil || !endsInReturn(ifs.Body) {
					continue
				}
				if _, _, ok := fieldCond(info, ifs.Cond); ok {
					gs = append(gs, guard{cond: ifs.Cond, negated: true})
				}
			}
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
			return f, func(v constant.Value) bool { return constant.BoolVal(v) }, true
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
		return f, func(v constant.Value) bool { return constant.Compare(v, op, k) }, true
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

// fieldValues returns, for each function of the package that gives field f
// only constant values, those values: keyed composite literals of f's struct
// (an omitted f is its zero value) and assignments "x.f = K". A function that
// gives f a value that is not a constant is mapped to nil: unknown.
func fieldValues(info *types.Info, in *inspector.Inspector, f *types.Var) map[ast.Node][]constant.Value {
	zero := zeroValue(f.Type())
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
			if !declares(info.TypeOf(n), f) {
				continue
			}
			var v constant.Value = zero
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

// zeroValue is the zero value of a boolean, numeric or string type, or nil.
func zeroValue(t types.Type) constant.Value {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return constant.MakeBool(false)
	case b.Info()&types.IsString != 0:
		return constant.MakeString("")
	case b.Info()&types.IsInteger != 0:
		return constant.MakeInt64(0)
	}
	return nil
}

// declares reports whether t, or what it points to, is a struct with field f.
func declares(t types.Type, f *types.Var) bool {
	if t == nil {
		return false
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}

// guardedAway reports whether a guard of a call is false for consumer k, so
// that the call never runs for it: the function that builds k (its
// constructor) gives the guard's field only constant values, and the guard is
// false for each of them. A consumer built where the field is not set, or set
// to something that is not a constant, is not guarded away. The constructor
// stands for the struct it fills in: the field and the consumer are set
// together there.
func guardedAway(info *types.Info, in *inspector.Inspector, gs []guard, k *kafkaconfig.Consumer) bool {
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
		f, eval, ok := fieldCond(info, g.cond)
		if !ok {
			continue
		}
		vals, set := fieldValues(info, in, f)[ctor]
		if !set || len(vals) == 0 {
			continue // not set where k is built, or not to a constant
		}
		holds := false
		for _, v := range vals {
			if v.Kind() == constant.Unknown {
				holds = true
				break
			}
			if eval(v) != g.negated {
				holds = true
			}
		}
		if !holds {
			return true // this guard is false for every value k's constructor gives
		}
	}
	return false
}
