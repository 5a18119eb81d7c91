package asyncmark

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

// awaitsSignal reports whether the function the code at s is in (ConsumeClaim
// or the per-message helper it runs) waits for the mark made in lit's body
// (a callback handed on, or a goroutine's literal): lit closes or sends on a
// channel after its last mark (or closes it in a deferred call), and the
// function receives from that channel after lit, inside the loop lit is in,
// in a blocking receive or a select without a default whose cases are all
// receives (an acked channel, with the session's Done: leaving when the
// session ends is right, the mark would be dropped anyway).
func (c *checker) awaitsSignal(s site, lit *ast.FuncLit) bool {
	chans := c.signalsAfterMark(lit.Body)
	if len(chans) == 0 {
		return false
	}
	loop := innermostLoop(s.in.Body, lit.Pos())
	found := false
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.SelectStmt:
			if !receivesOnly(n) {
				// Not a wait: skip the cases' receives, look into their bodies.
				for _, cc := range n.Body.List {
					for _, st := range cc.(*ast.CommClause).Body {
						ast.Inspect(st, visit)
					}
				}
				return false
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && n.Pos() > lit.End() && (loop == nil || contains(loop, n)) {
				for _, ch := range chans {
					if sameChan(c.pass.TypesInfo, ch, n.X) {
						found = true
					}
				}
			}
		}
		return !found
	}
	ast.Inspect(s.in.Body, visit)
	return found
}

// signalsAfterMark returns the channels body closes or sends on after its
// last mark (MarkMessage, MarkOffset, or a call of a function that marks),
// and those it closes in a deferred call of its own.
func (c *checker) signalsAfterMark(body *ast.BlockStmt) []ast.Expr {
	last := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn := analysisutil.CalledFunc(c.pass.TypesInfo, call)
			d := c.funcs[fn]
			if (c.isMark(call) || c.marksFact(fn) || (d != nil && d.Body != nil && c.markInDecl(d) != nil)) && call.End() > last {
				last = call.End()
			}
		}
		return true
	})
	if last == token.NoPos {
		return nil
	}
	var chans []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			if n.Pos() > last {
				chans = append(chans, n.Chan)
			}
		case *ast.CallExpr:
			if ch := c.closed(n); ch != nil && n.Pos() > last {
				chans = append(chans, ch)
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its defers run when it returns
		case *ast.DeferStmt:
			if ch := c.closed(n.Call); ch != nil {
				chans = append(chans, ch)
			}
		}
		return true
	})
	return chans
}

// closed returns ch for a call close(ch), or nil.
func (c *checker) closed(call *ast.CallExpr) ast.Expr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "close" {
		return nil
	}
	return call.Args[0]
}

// receivesOnly reports whether every case of sel receives and none is a
// default: the select blocks until one of the channels is ready.
func receivesOnly(sel *ast.SelectStmt) bool {
	for _, st := range sel.Body.List {
		cc := st.(*ast.CommClause)
		var x ast.Expr
		switch comm := cc.Comm.(type) {
		case *ast.ExprStmt:
			x = comm.X
		case *ast.AssignStmt:
			if len(comm.Rhs) == 1 {
				x = comm.Rhs[0]
			}
		}
		if u, ok := ast.Unparen(x).(*ast.UnaryExpr); !ok || u.Op != token.ARROW {
			return false // a default, or a send
		}
	}
	return true
}

// sameChan reports whether a and b name the same channel: the same variable,
// or the same field of the same variable (ev.acked).
func sameChan(info *types.Info, a, b ast.Expr) bool {
	switch a := ast.Unparen(a).(type) {
	case *ast.Ident:
		b, ok := ast.Unparen(b).(*ast.Ident)
		obj := info.ObjectOf(a)
		_, isVar := obj.(*types.Var)
		return ok && isVar && obj == info.ObjectOf(b)
	case *ast.SelectorExpr:
		b, ok := ast.Unparen(b).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		sa, sb := info.Selections[a], info.Selections[b]
		return sa != nil && sb != nil && sa.Kind() == types.FieldVal && sa.Obj() == sb.Obj() && sameChan(info, a.X, b.X)
	}
	return false
}

// innermostLoop returns the innermost for or range statement of body that
// contains pos (not crossing a function literal), or nil.
func innermostLoop(body ast.Node, pos token.Pos) ast.Node {
	var loop ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || pos < n.Pos() || pos >= n.End() {
			return false
		}
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loop = n
		}
		return true
	})
	return loop
}

func contains(outer, n ast.Node) bool { return outer.Pos() <= n.Pos() && n.End() <= outer.End() }
