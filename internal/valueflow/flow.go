package valueflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/ssa"
)

// A Flow is the control flow of one function body as go/ssa lays it out, read
// from go/cfg's graph of the same body: which statements are reachable and
// which lie on a cycle. A pass that would build the package's SSA form (a
// Graph) only to ask where a node of a body lies asks a Flow first, and needs
// no SSA form when the answer settles its question (bench/RESULTS.md: on a
// package whose code uses the client the canonical way, the SSA form is most
// of the analysis' cost).
//
// Both builders lay out the statements the same way; where their graphs
// differ, a Flow follows go/ssa's:
//
//   - a call of the builtin panic ends its block (go/ssa knows no other call
//     that does not return, so no other does here: cfg.New's mayReturn);
//   - a blocking select that matches no case goes nowhere (go/ssa panics;
//     go/cfg's last "after case" block has no successors either);
//   - go/ssa drops unreachable blocks: a node in one has no instruction.
//
// NewFlow returns nil for a body whose SSA form go/cfg's graph does not show:
// one with a range over a function (go/ssa builds its loop body as a
// separate function) or a panic statement in parentheses (go/cfg asks
// mayReturn only of a bare call).
type Flow struct{ g *cfg.CFG }

// NewFlow returns the flow of body, a function's, with info its package's
// type information; nil when a Flow cannot stand for go/ssa's form (see Flow).
func NewFlow(info *types.Info, body *ast.BlockStmt) *Flow {
	if info == nil || body == nil {
		return nil
	}
	unlike := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			// A function, or a type parameter (its underlying type
			// is its constraint) that may be one.
			t := info.TypeOf(n.X)
			if t == nil {
				unlike = true
				break
			}
			switch t.Underlying().(type) {
			case *types.Signature, *types.Interface:
				unlike = true
			}
		case *ast.ExprStmt:
			if _, ok := n.X.(*ast.ParenExpr); ok {
				unlike = true
			}
		}
		return !unlike
	})
	if unlike {
		return nil
	}
	return &Flow{g: cfg.New(body, func(call *ast.CallExpr) bool { return !isPanic(info, call) })}
}

// isPanic reports whether call calls the builtin panic.
func isPanic(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "panic"
}

// block returns the block of the smallest node of the graph that encloses n
// (a statement, or an expression of a condition or a select case), nil if
// none does (n is not in the body, or in a function literal's body, which
// has a flow of its own).
func (f *Flow) block(n ast.Node) *cfg.Block {
	var best *cfg.Block
	size := -1
	for _, b := range f.g.Blocks {
		for _, m := range b.Nodes {
			if m.Pos() <= n.Pos() && n.End() <= m.End() && (size < 0 || int(m.End()-m.Pos()) < size) {
				best, size = b, int(m.End()-m.Pos())
			}
		}
	}
	if best != nil && inFuncLit(best, n) {
		return nil
	}
	return best
}

// inFuncLit reports whether n lies in a function literal inside one of b's
// nodes.
func inFuncLit(b *cfg.Block, n ast.Node) bool {
	in := false
	for _, m := range b.Nodes {
		ast.Inspect(m, func(x ast.Node) bool {
			if lit, ok := x.(*ast.FuncLit); ok && lit.Body.Pos() <= n.Pos() && n.End() <= lit.Body.End() {
				in = true
			}
			return !in
		})
	}
	return in
}

// Reachable reports whether n, a node of the body, runs on some path from the
// function's entry (go/ssa has an instruction for it); ok is false when n is
// not a node of the body the flow can place.
func (f *Flow) Reachable(n ast.Node) (reachable, ok bool) {
	b := f.block(n)
	if b == nil {
		return false, false
	}
	return b.Live, true
}

// OnCycle reports whether n, a node of the body, lies in reachable code on a
// cycle: its block (in go/ssa's form too) can run again after it; ok is false
// when n is not a node of the body the flow can place.
func (f *Flow) OnCycle(n ast.Node) (onCycle, ok bool) {
	b := f.block(n)
	if b == nil {
		return false, false
	}
	if !b.Live {
		return false, true
	}
	return reachesItself(b, func(b *cfg.Block) []*cfg.Block { return b.Succs }), true
}

// InLoop reports whether b, a block of go/ssa's form, is on a cycle of its
// function's control flow: its instructions can run again after they ran.
func InLoop(b *ssa.BasicBlock) bool {
	return b != nil && reachesItself(b, func(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs })
}

// reachesItself reports whether a path of one or more edges leads from b back to b.
func reachesItself[B comparable](b B, succs func(B) []B) bool {
	seen := make(map[B]bool)
	stack := append([]B(nil), succs(b)...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, succs(x)...)
		}
	}
	return false
}
