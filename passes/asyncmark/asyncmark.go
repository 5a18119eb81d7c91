package asyncmark

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/saramaconfig"
)

//go:embed doc.go
var doc string

// Analyzer reports sarama marks made by goroutines and callbacks that may
// outlive the session. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new asyncmark analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "asyncmark",
		Doc:      analysisutil.MustExtractDoc(doc, "asyncmark"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, saramaconfig.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the diagnostics.
const (
	categoryGoroutine = "goroutinemark" // a mark in a goroutine the handler does not wait for
	categoryCallback  = "callbackmark"  // a mark in a callback handed on
)

func run(pass *analysis.Pass) {
	sc, _ := pass.ResultOf[saramaconfig.Analyzer].(*saramaconfig.Result)
	if sc == nil || len(sc.Sarama) == 0 {
		return // the package does not use sarama
	}
	in := analysisutil.InspectorOf(pass)
	if in == nil || pass.TypesInfo == nil {
		return
	}
	c := &checker{pass: pass, funcs: analysisutil.FuncDecls(pass.TypesInfo, pass.Files), marks: make(map[*ast.FuncDecl]*ast.CallExpr)}
	for fc := range in.Root().Children() {
		if f, ok := fc.Node().(*ast.File); !ok || ast.IsGenerated(f) {
			continue
		}
		for cur := range fc.Preorder((*ast.GoStmt)(nil), (*ast.FuncLit)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.GoStmt:
				c.checkGo(cur, n)
			case *ast.FuncLit:
				c.checkCallback(cur, n)
			}
		}
	}
}

type checker struct {
	pass  *analysis.Pass
	funcs map[*types.Func]*ast.FuncDecl
	marks map[*ast.FuncDecl]*ast.CallExpr // memo: the first mark in a function's body, or nil
}

// isMark reports whether call is MarkMessage or MarkOffset on a sarama session.
func (c *checker) isMark(call *ast.CallExpr) bool {
	return saramaapi.IsMethod(analysisutil.CalledFunc(c.pass.TypesInfo, call), saramaapi.ConsumerGroupSession, "MarkMessage", "MarkOffset")
}

// markIn returns the first mark in n (function literals included), or nil.
func (c *checker) markIn(n ast.Node) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && found == nil && c.isMark(call) {
			found = call
		}
		return found == nil
	})
	return found
}

// handler returns the ConsumeClaim method around cur, with its declaration,
// or nil.
func (c *checker) handler(cur inspector.Cursor) (*types.Func, *ast.FuncDecl) {
	for e := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := e.Node().(*ast.FuncDecl)
		fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if saramaapi.IsConsumeClaim(fn) {
			return fn, decl
		}
	}
	return nil, nil
}

// waits reports whether decl, or the Cleanup method of its receiver's type,
// calls a Wait method (sync.WaitGroup.Wait, errgroup.Group.Wait): the
// handler then waits for its goroutines, which the analyzer does not check.
func (c *checker) waits(fn *types.Func, decl *ast.FuncDecl) bool {
	if c.callsWait(decl.Body) {
		return true
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false
	}
	cleanup, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, fn.Pkg(), "Cleanup")
	if m, ok := cleanup.(*types.Func); ok {
		if d := c.funcs[m]; d != nil && c.callsWait(d.Body) {
			return true
		}
	}
	return false
}

func (c *checker) callsWait(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fn := analysisutil.CalledFunc(c.pass.TypesInfo, call); fn != nil && fn.Name() == "Wait" {
				found = true
			}
		}
		return !found
	})
	return found
}

// checkGo reports a go statement in ConsumeClaim whose goroutine marks.
func (c *checker) checkGo(cur inspector.Cursor, g *ast.GoStmt) {
	fn, decl := c.handler(cur)
	if fn == nil {
		return
	}
	var mark *ast.CallExpr
	switch f := ast.Unparen(g.Call.Fun).(type) {
	case *ast.FuncLit:
		mark = c.markIn(f.Body)
	default:
		if callee := analysisutil.CalledFunc(c.pass.TypesInfo, g.Call); callee != nil {
			if d := c.funcs[callee]; d != nil && d.Body != nil {
				mark = c.markIn(d.Body)
			}
		}
	}
	if mark == nil || c.waits(fn, decl) {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: g.Pos(), End: g.Call.Lparen, Category: categoryGoroutine,
		Message: fmt.Sprintf("goroutine started in %s marks offsets and %s does not wait for it, wait before returning or in Cleanup (a mark made after the session released the partition is dropped: the message is delivered again)", funcName(fn), fn.Name()),
		Related: []analysis.RelatedInformation{{Pos: mark.Pos(), End: mark.End(), Message: "marked here"}},
	})
}

// checkCallback reports a function literal in ConsumeClaim that marks and is
// handed on (an argument, a field, a channel send, a composite literal
// element) rather than called in place or started as a goroutine.
func (c *checker) checkCallback(cur inspector.Cursor, lit *ast.FuncLit) {
	switch p := cur.Parent().Node().(type) {
	case *ast.CallExpr:
		if p.Fun == lit {
			return // called in place
		}
		if fn := analysisutil.CalledFunc(c.pass.TypesInfo, p); fn != nil && c.funcs[fn] != nil {
			return // a function of the package: it may call it in place
		}
	case *ast.SendStmt, *ast.CompositeLit, *ast.KeyValueExpr:
	default:
		return // assigned to a local variable, returned...: not followed
	}
	fn, decl := c.handler(cur)
	if fn == nil {
		return
	}
	mark := c.markIn(lit.Body)
	if mark == nil || c.waits(fn, decl) {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: lit.Pos(), End: lit.Type.End(), Category: categoryCallback,
		Message: fmt.Sprintf("callback handed on by %s marks offsets and may run after %s returns, mark before returning or wait for it in Cleanup (a mark made after the session released the partition is dropped: the message is delivered again)", funcName(fn), fn.Name()),
		Related: []analysis.RelatedInformation{{Pos: mark.Pos(), End: mark.End(), Message: "marked here"}},
	})
}

// funcName is "(*T).M" or "T.M".
func funcName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return fn.Name()
	}
	t := sig.Recv().Type()
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	name := types.TypeString(t, func(*types.Package) string { return "" })
	if ptr {
		return "(*" + name + ")." + fn.Name()
	}
	return name + "." + fn.Name()
}
