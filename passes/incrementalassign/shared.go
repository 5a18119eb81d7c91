package incrementalassign

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
)

const categorySharedAssign = "sharedassign" // Assign from goroutines started in a loop, on one consumer

// checkSharedAssign reports Assign calls made by goroutines that a loop starts,
// one per iteration, on one consumer all of them share (docs/library-facts.md,
// F38): each Assign replaces the whole assignment, so the goroutines read each
// other's partitions or none. The call is the goroutine's own Assign, or a call
// of a function or method of the package that assigns on its receiver's or a
// parameter's consumer (one level: matrixone's BatchRead and
// ReadMessagesFromPartition). The consumer is shared when the receiver's place
// is rooted at a variable declared outside the loop and outside the
// goroutine's function.
func checkSharedAssign(pass *analysis.Pass, kc *kafkaconfig.Result, cs *pkgindex.Result, inHandler map[*ast.CallExpr]bool) {
	info := pass.TypesInfo
	var decls map[*types.Func]*ast.FuncDecl
	for cur := range analysisutil.InspectorOf(pass).Root().Preorder((*ast.GoStmt)(nil)) {
		g := cur.Node().(*ast.GoStmt)
		var loop ast.Node
		for e := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
			switch l := e.Node().(type) {
			case *ast.ForStmt:
				if l.Cond != nil {
					loop = l // "for {": often a loop that restarts one goroutine at a time
				}
			case *ast.RangeStmt:
				loop = l
			}
			break
		}
		if loop == nil || g.Call == nil {
			continue // one goroutine, as far as the syntax says
		}
		// outside: a variable declared before the loop, the same one in every
		// goroutine the loop starts.
		outside := func(v *types.Var) bool {
			return v != nil && !within(v.Pos(), loop) && !within(v.Pos(), g.Call)
		}
		// The calls the goroutine makes: its literal's body, or the go call itself.
		var calls []*ast.CallExpr
		if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); ok {
			ast.Inspect(lit.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit, *ast.GoStmt:
					return false // runs elsewhere, or another goroutine's
				case *ast.CallExpr:
					calls = append(calls, n)
				}
				return true
			})
		} else {
			calls = []*ast.CallExpr{g.Call}
		}
		for _, call := range calls {
			if inHandler[call] {
				continue
			}
			if fn := kafkaapi.ConsumerMethod(info, cs, call, "Assign"); fn != nil {
				if v := rootVar(info, analysisutil.Receiver(call)); outside(v) {
					reportShared(pass, kc, fn, call, nil, analysisutil.ConsumerName(analysisutil.Receiver(call)), g)
				}
				continue
			}
			callee := analysisutil.CalledFunc(info, call)
			if callee == nil || callee.Pkg() != pass.Pkg {
				continue
			}
			callee = callee.Origin() // a generic function's declaration
			if decls == nil {
				decls = analysisutil.FuncDecls(info, pass.Files)
			}
			decl := decls[callee]
			if decl == nil {
				continue
			}
			if assign, fn, name := helperAssign(info, cs, decl, call, outside, inHandler); assign != nil {
				reportShared(pass, kc, fn, call, assign, name, g)
			}
		}
	}
}

// helperAssign returns an Assign call in decl, the declaration a call in the
// goroutine calls, whose receiver is rooted at decl's receiver or a
// parameter that the call binds to a place rooted at a variable outside
// says is shared; with the library's method and the consumer's name in decl.
func helperAssign(info *types.Info, cs *pkgindex.Result, decl *ast.FuncDecl, call *ast.CallExpr, outside func(*types.Var) bool, inHandler map[*ast.CallExpr]bool) (*ast.CallExpr, *types.Func, string) {
	// The argument each of decl's parameters (and its receiver) is bound to.
	bound := make(map[*types.Var]ast.Expr)
	if decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 {
		if v, ok := info.Defs[decl.Recv.List[0].Names[0]].(*types.Var); ok {
			bound[v] = analysisutil.Receiver(call)
		}
	}
	i := 0
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, name := range field.Names {
			if v, ok := info.Defs[name].(*types.Var); ok && i < len(call.Args) {
				bound[v] = call.Args[i]
			}
			i++
		}
	}
	var found *ast.CallExpr
	var method *types.Func
	var name string
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			if inHandler[n] {
				return true
			}
			fn := kafkaapi.ConsumerMethod(info, cs, n, "Assign")
			if fn == nil {
				return true
			}
			recv := analysisutil.Receiver(n)
			arg, ok := bound[rootVar(info, recv)]
			if !ok || arg == nil || placeKey(info, arg) == "" || !outside(rootVar(info, arg)) {
				return true
			}
			found, method, name = n, fn, analysisutil.ConsumerName(recv)
		}
		return true
	})
	return found, method, name
}

// rootVar returns the variable a place expression ("ka.Consumer", "c") is
// rooted at, or nil when e is no variable or field path.
func rootVar(info *types.Info, e ast.Expr) *types.Var {
	if placeKey(info, e) == "" {
		return nil
	}
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// reportShared reports call, made in a goroutine g that a loop starts: the
// consumer's Assign itself (assign nil), or a call of a helper whose Assign
// is assign, on the consumer name.
func reportShared(pass *analysis.Pass, kc *kafkaconfig.Result, fn *types.Func, call, assign *ast.CallExpr, name string, g *ast.GoStmt) {
	what := name + ".Assign"
	if assign != nil {
		what = fmt.Sprintf("%s, which calls %s.Assign,", types.ExprString(ast.Unparen(call.Fun)), name)
	}
	instead := "assign every partition once before the loop or give each goroutine its own consumer"
	// IncrementalAssign exists from v1.6.1: the linked module's version says
	// so where it is known, the package's API where it is not.
	if v := kc.Version(fn.Pkg()); !v.Before(kafkaapi.V1_6_1) && kafkaapi.HasMethod(fn.Pkg(), "Consumer", "IncrementalAssign") {
		instead = "assign every partition once before the loop, add each with IncrementalAssign, or give each goroutine its own consumer"
	}
	d := analysis.Diagnostic{
		Pos:      call.Fun.Pos(),
		End:      call.Fun.End(),
		Category: categorySharedAssign,
		Message: fmt.Sprintf("%s in a goroutine started for each iteration of a loop, on one consumer they share, %s (each Assign replaces the whole assignment: the goroutines read each other's partitions or none)",
			what, instead),
		Related: []analysis.RelatedInformation{{Pos: g.Go, End: g.Go + 2, Message: "the goroutines are started here"}},
	}
	if assign != nil {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: assign.Fun.Pos(), End: assign.Fun.End(), Message: "the Assign"})
	}
	pass.Report(d)
}
