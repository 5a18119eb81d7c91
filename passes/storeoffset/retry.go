package storeoffset

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
)

// unprocessed reports whether the message whose own offset a site stores or
// commits was not processed on the way to the call, so that resuming at it is
// what the program means (issue 19, deliberate retries; issue 20, the resume
// point of a batch that failed midway):
//
//   - the call is in the failure branch of the call that processes the
//     message: inside "if err != nil" where err comes from a call that is
//     given the message (process(m), h.Handle(ctx, m.Value));
//   - the call is followed, in its block, by a Seek or SeekPartitions of the
//     consumer to the same position (an argument built from the same message
//     or variable): the program stores the position and reads the message
//     again.
//
// Both are looked for at the store and, for a helper that stores its
// parameter, where the caller takes the offset from the message. Where neither
// holds the message may or may not have been processed: the report stays, and
// its message says what happens to the offset, not whether the message was
// processed.
func unprocessed(pass *analysis.Pass, in *inspector.Inspector, cs *pkgindex.Result, s site, o *origin) bool {
	if unprocessedAt(pass, in, cs, s, o, s.call) {
		return true
	}
	// A helper that stores its parameter (resumeAt(c, m.TopicPartition)):
	// where the caller takes the offset decides.
	return (o.at.Pos() < s.call.Pos() || o.at.Pos() >= s.call.End()) && unprocessedAt(pass, in, cs, s, o, o.at)
}

// unprocessedAt is unprocessed for the node at, the store call or the place
// the offset is taken from the message.
func unprocessedAt(pass *analysis.Pass, in *inspector.Inspector, cs *pkgindex.Result, s site, o *origin, at ast.Node) bool {
	cur, ok := in.Root().FindNode(at)
	if !ok {
		return false
	}
	info := pass.TypesInfo
	msg := varsIn(info, o.msg)
	if len(msg) == 0 {
		return false
	}
	stored := varsIn(info, s.call.Args[s.arg])
	for k := range msg {
		stored[k] = true
	}
	var body *ast.BlockStmt
	for c := range cur.Enclosing() {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			body = n.Body
		case *ast.FuncDecl:
			body = n.Body
		case *ast.IfStmt:
			if body == nil && within(at.Pos(), n.Body) && processingFailed(info, n, msg, c) {
				return true
			}
		case *ast.BlockStmt:
			if body == nil && seeksAfter(info, cs, n, at, stored) {
				return true
			}
		}
		if body != nil {
			break
		}
	}
	return false
}

// varsIn returns the variables e refers to.
func varsIn(info *types.Info, e ast.Expr) map[*types.Var]bool {
	vars := make(map[*types.Var]bool)
	if e == nil {
		return vars
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() {
				vars[v] = true
			}
		}
		return true
	})
	return vars
}

// mentions reports whether n refers to one of vars.
func mentions(info *types.Info, n ast.Node, vars map[*types.Var]bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && vars[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// processingFailed reports whether ifs tests "err != nil" for an err last
// assigned, before the if (or in its init), the result of a call given one of
// the message's variables.
func processingFailed(info *types.Info, ifs *ast.IfStmt, msg map[*types.Var]bool, at inspector.Cursor) bool {
	errVar := testedError(info, ifs.Cond)
	if errVar == nil {
		return false
	}
	// The function body the if is in: the last assignment of errVar before
	// the condition.
	var fbody ast.Node
	for c := range at.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fbody = c.Node()
		break
	}
	if fbody == nil {
		return false
	}
	var last *ast.CallExpr
	ast.Inspect(fbody, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Pos() >= ifs.Cond.Pos() {
			return n == nil || n.Pos() < ifs.Cond.Pos()
		}
		for i, lhs := range as.Lhs {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok || (info.Defs[id] != errVar && info.Uses[id] != errVar) {
				continue
			}
			rhs := as.Rhs[0]
			if len(as.Rhs) == len(as.Lhs) {
				rhs = as.Rhs[i]
			}
			call, _ := ast.Unparen(rhs).(*ast.CallExpr)
			last = call // nil for an assignment of something else
		}
		return true
	})
	if last == nil {
		return false
	}
	for _, a := range last.Args {
		if mentions(info, a, msg) {
			return true
		}
	}
	return false
}

// testedError returns the error variable x of a condition "x != nil".
func testedError(info *types.Info, cond ast.Expr) *types.Var {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return nil
	}
	if tv, ok := info.Types[ast.Unparen(b.Y)]; !ok || !tv.IsNil() {
		return nil
	}
	id, ok := ast.Unparen(b.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return v
}

// seeksAfter reports whether block holds, after call (the store, or where
// the offset is taken), a Seek or SeekPartitions
// of a consumer whose argument refers to one of vars.
func seeksAfter(info *types.Info, cs *pkgindex.Result, block *ast.BlockStmt, call ast.Node, vars map[*types.Var]bool) bool {
	found := false
	for _, st := range block.List {
		if st.End() <= call.Pos() {
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			if found {
				return false
			}
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			c, ok := n.(*ast.CallExpr)
			if !ok || c.Pos() < call.End() || len(c.Args) == 0 {
				return true
			}
			if kafkaapi.ConsumerMethod(info, cs, c, "Seek", "SeekPartitions") != nil && mentions(info, c.Args[0], vars) {
				found = true
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// within reports whether pos lies inside n.
func within(pos token.Pos, n ast.Node) bool { return n.Pos() <= pos && pos < n.End() }
