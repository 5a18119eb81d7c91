package claimloop

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// checkDispatch reports the dispatcher goroutines a ConsumeClaim method
// starts (a go statement in its own body, on a function or method of the
// package or a function literal) that range over the claim's channel and
// hand each message on with a plain send on an unbuffered channel the
// package gives out as a claim's: a field that a Messages() method of the
// package returns. When the handler reading that Messages() returns on the
// session's context while the goroutine holds a message, the send never
// completes (docs/library-facts.md, S9).
func (c *checker) checkDispatch(decl *ast.FuncDecl) {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if decl.Body == nil || c.graph == nil || !saramaapi.IsConsumeClaim(fn) {
		return
	}
	in := analysisutil.InspectorOf(c.pass)
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			var body *ast.BlockStmt
			where := "a goroutine "
			if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				body = lit.Body
			} else if callee := analysisutil.CalledFunc(info, n.Call); callee != nil {
				if d := c.funcs[callee]; d != nil {
					body, where = d.Body, analysisutil.LocalFuncName(callee)+", a goroutine "
				}
			}
			if body == nil {
				return false
			}
			if cur, ok := in.Root().FindNode(body); ok {
				c.dispatchSends(cur, n, where, analysisutil.LocalFuncName(fn))
			}
			return false
		}
		return true
	})
}

// dispatchSends reports the plain sends of the goroutine body at cur (where
// names it for the message), which the go statement g of the ConsumeClaim
// method named claimFunc starts, in a
// range over the claim's channel, on a channel that a Messages() method of
// the package gives out.
func (c *checker) dispatchSends(cur inspector.Cursor, g *ast.GoStmt, where, claimFunc string) {
	cur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.RangeStmt)(nil)}, func(k inspector.Cursor) bool {
		r, ok := k.Node().(*ast.RangeStmt)
		if !ok {
			return false // a function literal runs elsewhere
		}
		if !c.rangesOverClaim(k, r) {
			return true
		}
		body, _ := k.FindNode(r.Body)
		body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.SendStmt)(nil)}, func(s inspector.Cursor) bool {
			send, ok := s.Node().(*ast.SendStmt)
			if !ok {
				return false
			}
			if cc, ok := s.Parent().Node().(*ast.CommClause); ok && cc.Comm == send {
				return true // a case of a select: the other cases are ways out
			}
			messages := c.handedOutBy(send.Chan)
			if messages == nil || c.reported[send] {
				return true
			}
			c.reported[send] = true
			c.pass.Report(analysis.Diagnostic{
				Pos: send.Pos(), End: send.End(), Category: categoryDispatch,
				Message: fmt.Sprintf("send on %s in %s%s starts for each claim, blocks for good when the handler reading %s returns on the session's Context().Done() before it takes the message, select on the session's Context().Done() as well, or on a channel closed when the wrapped ConsumeClaim returns (sarama does not stop a goroutine a handler starts: one is left blocked, with its message, per claim at every rebalance)",
					types.ExprString(send.Chan), where, claimFunc, analysisutil.LocalFuncName(messages)+"()"),
				Related: []analysis.RelatedInformation{{Pos: g.Pos(), End: g.End(), Message: "started here"}},
			})
			return true
		})
		return true
	})
}

// rangesOverClaim reports whether r, at k, ranges over a claim's Messages()
// channel: one claimloop recognises, or the result of a Messages() method of
// an interface whose receiver may be a claim (a wrapper's dispatcher that
// keeps the claim behind an interface of its own, as otelsarama's does).
func (c *checker) rangesOverClaim(k inspector.Cursor, r *ast.RangeStmt) bool {
	if !isMessageChan(c.pass.TypesInfo.TypeOf(r.X)) {
		return false
	}
	if c.isClaimRange(r) || c.isClaimChannel(k, r.X, r.For) {
		return true
	}
	fn := c.ssaFunc(k)
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if u, ok := instr.(*ssa.UnOp); ok && u.Op == token.ARROW && u.Pos() == r.For {
				for _, root := range c.graph.Roots(u.X).Roots {
					if call := valueflow.CallOf(root); call != nil && c.isClaimBehindInterface(call.Common()) {
						return true
					}
				}
				return false
			}
		}
	}
	return false
}

// isClaimBehindInterface reports whether call invokes a Messages() method
// of an interface of the program on a value that may be a claim.
func (c *checker) isClaimBehindInterface(call *ssa.CallCommon) bool {
	if !call.IsInvoke() || call.Method.Name() != "Messages" || len(call.Args) != 0 || saramaapi.IsSaramaPackage(call.Method.Pkg()) {
		return false
	}
	for _, root := range c.graph.Roots(call.Value).Roots {
		if saramaapi.IsType(root.Type(), saramaapi.ConsumerGroupClaim) {
			return true
		}
	}
	return false
}

// handedOutBy returns the Messages() method of the package that gives out
// the channel ch sends on, as a claim's channel is given out: ch is a field
// (x.f) that a method "Messages() <-chan *sarama.ConsumerMessage" of the
// package returns as it is, and every store of the field in the package is
// an unbuffered channel (make with no size, or size 0). Nil otherwise.
func (c *checker) handedOutBy(ch ast.Expr) *types.Func {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(ch).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s := info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil
	}
	field, _ := s.Obj().(*types.Var)
	stores := c.graph.FieldStoreInstrs(field)
	if len(stores) == 0 {
		return nil
	}
	for _, st := range stores {
		mk, ok := st.Val.(*ssa.MakeChan)
		if !ok {
			return nil
		}
		if size, ok := mk.Size.(*ssa.Const); !ok || size.Value == nil || constant.Sign(size.Value) != 0 {
			return nil
		}
	}
	var found *types.Func // the first such method in the source, whatever the map's order
	for m, d := range c.funcs {
		if m.Name() != "Messages" || d.Body == nil || len(d.Body.List) != 1 {
			continue
		}
		sig := m.Signature()
		if sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isMessageChan(sig.Results().At(0).Type()) {
			continue
		}
		ret, ok := d.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if rs, ok := ast.Unparen(ret.Results[0]).(*ast.SelectorExpr); ok {
			if rsel := info.Selections[rs]; rsel != nil && rsel.Obj() == field && (found == nil || m.Pos() < found.Pos()) {
				found = m
			}
		}
	}
	return found
}
