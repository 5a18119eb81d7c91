package kafkagoreader

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkagoapi"
	"github.com/kafkalint/kafkalint/internal/noreturn"
)

const categoryErrFallthrough = "fetcherrused" // the message of a failed read used after the error check

// fetchErrors reports the message of a ReadMessage or FetchMessage used
// after an "if err != nil" that does not leave: every error return of
// both is the zero kafka.Message (reader.go, v0.3.7 to v0.4.51), so what
// follows handles, and perhaps commits, a message that was never read.
// It reads the syntax only: the read, its error check right after it, and
// the statements after that check in the same block.
func fetchErrors(pass *analysis.Pass, files []*ast.File, nr *noreturn.Result) {
	for _, f := range files {
		if ast.IsGenerated(f) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var list []ast.Stmt
			switch n := n.(type) {
			case *ast.BlockStmt:
				list = n.List
			case *ast.CaseClause:
				list = n.Body
			case *ast.CommClause:
				list = n.Body
			default:
				return true
			}
			for i := 0; i+1 < len(list); i++ {
				fetchError(pass, nr, list, i)
			}
			return true
		})
	}
}

// fetchError looks at list[i] as "m, err := r.FetchMessage(ctx)" followed by
// "if err != nil { ... }" with no else whose body may fall through.
func fetchError(pass *analysis.Pass, nr *noreturn.Result, list []ast.Stmt, i int) {
	as, ok := list[i].(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isRead(pass.TypesInfo, call) {
		return
	}
	msg, errv := identObj(pass.TypesInfo, as.Lhs[0]), identObj(pass.TypesInfo, as.Lhs[1])
	if msg == nil || errv == nil {
		return
	}
	check, ok := list[i+1].(*ast.IfStmt)
	if !ok || check.Init != nil || check.Else != nil || !isErrNotNil(pass.TypesInfo, check.Cond, errv) {
		return
	}
	if terminates(nr, check.Body) || assigns(pass.TypesInfo, check.Body, msg) || failsTest(pass.TypesInfo, check.Body) {
		return
	}
	for _, s := range list[i+2:] {
		if refers(pass.TypesInfo, s, errv) || assigns(pass.TypesInfo, s, msg) {
			return // the error is looked at again, or the message replaced, before a use
		}
		use := firstUse(pass.TypesInfo, s, msg)
		if use == nil {
			continue
		}
		method := analysisutil.CalledFunc(pass.TypesInfo, call).Name()
		pass.Report(analysis.Diagnostic{
			Pos: use.Pos(), End: use.End(), Category: categoryErrFallthrough,
			Message: fmt.Sprintf("%s is used here also when %s failed: the if %s != nil at line %d falls through, return or continue after the error (%s returns the zero kafka.Message with its error, which is then handled as if it were read)",
				msg.Name(), method, errv.Name(), pass.Fset.Position(check.Pos()).Line, method),
			Related: []analysis.RelatedInformation{{Pos: check.Pos(), End: check.Body.Lbrace, Message: "the error check that falls through"}},
		})
		return
	}
}

// failsTest reports whether body calls testing's Error, Errorf or Fail: a
// test that has failed and goes on (kafka-go's own compress test) only adds
// failure lines by comparing the zero message; nothing is handled or
// committed as if it were read.
func failsTest(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fn := analysisutil.CalledFunc(info, call); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "testing" {
				switch fn.Name() {
				case "Error", "Errorf", "Fail":
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// isRead reports whether call is ReadMessage or FetchMessage of a
// *kafka.Reader or of the program's own interface a reader is kept behind.
func isRead(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	fn := analysisutil.CalledFunc(info, call)
	if kafkagoapi.IsReaderMethod(fn, kafkagoapi.Reads...) {
		return true
	}
	if fn == nil || !slices.Contains(kafkagoapi.Reads, fn.Name()) || !isReaderIface(info.TypeOf(sel.X)) {
		return false
	}
	res := fn.Signature().Results()
	return res.Len() == 2 && kafkagoapi.IsType(res.At(0).Type(), "Message")
}

func identObj(info *types.Info, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	return info.ObjectOf(id)
}

// isErrNotNil reports whether cond is "err != nil" (or "nil != err").
func isErrNotNil(info *types.Info, cond ast.Expr, errv types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	isNil := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == types.Universe.Lookup("nil")
	}
	return identObj(info, b.X) == errv && isNil(b.Y) || identObj(info, b.Y) == errv && isNil(b.X)
}

// terminates reports whether control never reaches the end of s: it ends in
// a return, a break, continue or goto, a call that does not return (panic,
// log.Fatal, os.Exit), or an if, switch or select each of whose branches
// does.
func terminates(nr *noreturn.Result, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt:
		return len(s.List) > 0 && terminates(nr, s.List[len(s.List)-1])
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && !nr.MayReturn(call)
	case *ast.LabeledStmt:
		return terminates(nr, s.Stmt)
	case *ast.IfStmt:
		return s.Else != nil && terminates(nr, s.Body) && terminates(nr, s.Else)
	case *ast.SwitchStmt:
		return clausesTerminate(nr, s.Body, true)
	case *ast.TypeSwitchStmt:
		return clausesTerminate(nr, s.Body, true)
	case *ast.SelectStmt:
		return clausesTerminate(nr, s.Body, false)
	case *ast.ForStmt:
		return s.Cond == nil && !hasBreak(s.Body) // for { } with no break
	}
	return false
}

// clausesTerminate reports whether every clause of a switch or select body
// ends in a terminating statement, and, for a switch, one is the default.
func clausesTerminate(nr *noreturn.Result, body *ast.BlockStmt, needDefault bool) bool {
	hasDefault := !needDefault
	for _, s := range body.List {
		var stmts []ast.Stmt
		switch c := s.(type) {
		case *ast.CaseClause:
			stmts, hasDefault = c.Body, hasDefault || c.List == nil
		case *ast.CommClause:
			stmts = c.Body
		}
		if len(stmts) == 0 || !terminates(nr, stmts[len(stmts)-1]) || hasBreak(&ast.BlockStmt{List: stmts}) {
			return false
		}
	}
	return hasDefault
}

// hasBreak reports whether body holds a break (any: a labelled one may
// leave an outer statement) outside nested function literals.
func hasBreak(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.BREAK
		}
		return !found
	})
	return found
}

// refers reports whether n mentions obj.
func refers(info *types.Info, n ast.Node, obj types.Object) bool {
	return firstUse(info, n, obj) != nil
}

// firstUse returns the first identifier in n that denotes obj, or nil.
func firstUse(info *types.Info, n ast.Node, obj types.Object) *ast.Ident {
	var found *ast.Ident
	ast.Inspect(n, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = id
		}
		return true
	})
	return found
}

// assigns reports whether n assigns obj as a whole (m = ..., m, err = ...)
// or takes its address.
func assigns(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || identObj(info, l) == obj
			}
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && identObj(info, n.X) == obj
		}
		return !found
	})
	return found
}
