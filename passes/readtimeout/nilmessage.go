package readtimeout

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

// categoryNil is the category of a message used after an error branch that
// falls through (docs/library-facts.md, F36).
const categoryNil = "nilmessage"

// nilMessage reports the first use of r's message that the error path reaches:
// "msg, err := c.ReadMessage(t)", an error branch after it whose end is
// reachable (it does not always return, continue, break or exit), and after
// that branch a dereference of msg, an append of it or a send of it, with no
// second look at err or msg's nil-ness and no new value of msg in between.
func (c *checker) nilMessage(r *read) {
	errVar, _, rest := c.errorOf(r.cur)
	if errVar == nil {
		return
	}
	msgVar := c.messageOf(r.cur)
	if msgVar == nil {
		return
	}
	for i, st := range rest {
		body, inSwitch, ok := c.errorBranch(st, errVar)
		if !ok {
			if uses(c.pass.TypesInfo, st, msgVar) || assigns(c.pass.TypesInfo, st, errVar) || c.mayLeave(st) {
				return // msg looked at first, err changes, or the iteration may end first
			}
			continue
		}
		if c.terminates(body, inSwitch) || uses(c.pass.TypesInfo, blockOf(body), msgVar) {
			return // every error leaves, or the branch looks at msg itself (msg == nil, a new value)
		}
		if ifs, ok := st.(*ast.IfStmt); ok && ifs.Init != nil && uses(c.pass.TypesInfo, ifs.Init, msgVar) {
			return
		}
		if sw, ok := st.(*ast.SwitchStmt); ok && casesUse(c.pass.TypesInfo, sw, msgVar) {
			return // case msg == nil: ... before case err != nil
		}
		c.useAfter(r, errVar, msgVar, st, body, rest[i+1:])
		return
	}
}

// messageOf returns the variable that receives the message of the call at cur
// ("msg, err := call"), or nil.
func (c *checker) messageOf(cur inspector.Cursor) *types.Var {
	as, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 {
		return nil
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	return v
}

// useAfter looks at the statements after the error branch st, in order, for
// the first use of msg that a nil message breaks, and reports it. It stops at a
// statement that looks at err or msg without such a use (a second error check,
// a nil check, a new value), and at one that always leaves.
func (c *checker) useAfter(r *read, errVar, msgVar *types.Var, branch ast.Stmt, body, after []ast.Stmt) {
	info := c.pass.TypesInfo
	for _, st := range after {
		if use, what, consequence := c.nilUse(st, msgVar); use != nil {
			if nilChecked(info, st, msgVar) || assigns(info, st, msgVar) || readsBefore(info, st, errVar, use.Pos()) {
				return // guarded (msg != nil && ..., err == nil && ...) or given a new value in the same statement
			}
			c.reportNil(r, body, branch, use, what, consequence)
			return
		}
		if readsBefore(info, st, errVar, st.End()) || uses(info, st, msgVar) || c.terminates([]ast.Stmt{st}, false) {
			return // err or msg looked at again (a second check, a nil check, a new value, a call), or the path ends
		}
	}
}

// readsBefore reports whether n reads v before pos: a use of v that is not the
// left-hand side of an assignment (v, err := decode(b) gives err a new value
// and does not look at the error of ReadMessage).
func readsBefore(info *types.Info, n ast.Node, v *types.Var, pos token.Pos) bool {
	lhs := make(map[*ast.Ident]bool)
	ast.Inspect(n, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, e := range as.Lhs {
				if id, ok := ast.Unparen(e).(*ast.Ident); ok {
					lhs[id] = true
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() < pos && !lhs[id] && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// casesUse reports whether a case expression of sw mentions v.
func casesUse(info *types.Info, sw *ast.SwitchStmt, v *types.Var) bool {
	for _, cl := range sw.Body.List {
		if cc, ok := cl.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if uses(info, e, v) {
					return true
				}
			}
		}
	}
	return false
}

// nilUse returns the first expression of st (outside function literals) that
// needs msg to be non-nil or puts it where others will read it: a field or
// method of msg, *msg, msg as an element given to append, msg sent on a
// channel. It returns what the message says of it and the consequence.
func (c *checker) nilUse(st ast.Stmt, msgVar *types.Var) (ast.Node, string, string) {
	info := c.pass.TypesInfo
	isMsg := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == msgVar
	}
	var (
		use               ast.Node
		what, consequence string
	)
	ast.Inspect(st, func(n ast.Node) bool {
		if use != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			if isMsg(n.X) {
				use = n
				if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal {
					what, consequence = types.ExprString(n)+" called", "a method call on a nil *kafka.Message"
				} else {
					what, consequence = types.ExprString(n)+" read", "nil pointer dereference"
				}
			}
		case *ast.StarExpr:
			if isMsg(n.X) {
				use, what, consequence = n, "*"+msgVar.Name()+" read", "nil pointer dereference"
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) > 1 && !n.Ellipsis.IsValid() {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
					for _, a := range n.Args[1:] {
						if isMsg(a) {
							dst := shortExpr(n.Args[0])
							use, what, consequence = n, msgVar.Name()+" appended to "+dst, "a nil *kafka.Message in "+dst
						}
					}
				}
			}
		case *ast.SendStmt:
			if isMsg(n.Value) {
				use, what, consequence = n, msgVar.Name()+" sent on "+shortExpr(n.Chan), "a nil *kafka.Message for the receiver"
			}
		}
		return use == nil
	})
	return use, what, consequence
}

// shortExpr prints e, or "the slice" when it is long.
func shortExpr(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 30 {
		return "the slice"
	}
	return s
}

// uses reports whether n mentions v, function literals included.
func uses(info *types.Info, n ast.Node, v *types.Var) bool {
	if n == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == v {
			found = true
		}
		return !found
	})
	return found
}

// nilChecked reports whether n compares v with nil.
func nilChecked(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				id, ok := ast.Unparen(pair[0]).(*ast.Ident)
				tv, isNil := info.Types[pair[1]]
				if ok && info.Uses[id] == v && isNil && tv.IsNil() {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// blockOf wraps statements in a block for ast.Inspect.
func blockOf(list []ast.Stmt) *ast.BlockStmt { return &ast.BlockStmt{List: list} }

// terminates reports whether the end of list is unreachable: its last
// statement returns, continues, breaks (when inSwitch, an unlabelled break
// only leaves the switch or select whose clause list is, and does not count),
// jumps, does not return, or is an if, switch or select all of whose branches
// do.
func (c *checker) terminates(list []ast.Stmt, inSwitch bool) bool {
	for i := len(list) - 1; i >= 0; i-- {
		if _, ok := list[i].(*ast.EmptyStmt); ok {
			continue
		}
		return c.terminating(list[i], inSwitch)
	}
	return false
}

func (c *checker) terminating(st ast.Stmt, inSwitch bool) bool {
	switch st := st.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		switch st.Tok {
		case token.BREAK:
			return st.Label != nil || !inSwitch
		case token.CONTINUE, token.GOTO:
			return true
		}
		return false // fallthrough: the next clause runs
	case *ast.ExprStmt:
		_, ok := c.exitCall(st)
		return ok
	case *ast.BlockStmt:
		return c.terminates(st.List, inSwitch)
	case *ast.LabeledStmt:
		return c.terminating(st.Stmt, inSwitch)
	case *ast.IfStmt:
		return st.Else != nil && c.terminates(st.Body.List, inSwitch) && c.terminating(st.Else, inSwitch)
	case *ast.SwitchStmt:
		return c.clausesTerminate(st.Body, true)
	case *ast.TypeSwitchStmt:
		return c.clausesTerminate(st.Body, true)
	case *ast.SelectStmt:
		return c.clausesTerminate(st.Body, false)
	}
	return false
}

// clausesTerminate reports whether every clause of a switch or select body
// terminates, and (needDefault) a switch has a default clause.
func (c *checker) clausesTerminate(body *ast.BlockStmt, needDefault bool) bool {
	hasDefault := !needDefault
	for _, cl := range body.List {
		switch cl := cl.(type) {
		case *ast.CaseClause:
			if cl.List == nil {
				hasDefault = true
			}
			if !c.terminates(cl.Body, true) {
				return false
			}
		case *ast.CommClause:
			if !c.terminates(cl.Body, true) {
				return false
			}
		}
	}
	return hasDefault
}

// reportNil reports use, the use of the message that the error path reaches.
func (c *checker) reportNil(r *read, body []ast.Stmt, branch ast.Stmt, use ast.Node, what, consequence string) {
	recv := "the consumer"
	if sel, ok := ast.Unparen(r.call.Fun).(*ast.SelectorExpr); ok {
		recv = analysisutil.ConsumerName(sel.X)
	}
	_, finite := c.timeout(r.call.Args[0])
	checked := c.checksTimeout(blockOf(body))
	falls := "falls through to it"
	switch {
	case checked && !finite:
		call := "ReadMessage(" + types.ExprString(r.call.Args[0]) + ")"
		if len(call) > 40 {
			call = "ReadMessage with a negative timeout"
		}
		falls = "falls through to it on any error but ErrTimedOut, which " + call + " never returns"
	case checked:
		falls = "falls through to it on any error but a timeout"
	}
	with := "an error event (kafka.Error) such as all brokers down"
	if finite && !checked {
		with = "the ErrTimedOut of a quiet period and with " + with
	}
	c.pass.Report(analysis.Diagnostic{
		Pos:      use.Pos(),
		End:      use.End(),
		Category: categoryNil,
		Message: fmt.Sprintf("%s on an error of %s.ReadMessage: the error branch %s, and ReadMessage returns a nil message with %s (%s)",
			what, recv, falls, with, consequence),
		Related: []analysis.RelatedInformation{
			{Pos: r.call.Pos(), End: r.call.End(), Message: "ReadMessage returns (nil, err) for an error event"},
			{Pos: branch.Pos(), Message: "the error branch that falls through"},
		},
	})
}
