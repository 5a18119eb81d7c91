package asyncmark

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
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
		Name:      "asyncmark",
		Doc:       analysisutil.MustExtractDoc(doc, "asyncmark"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, saramaconfig.Analyzer, pkgindex.Analyzer},
		FactTypes: []analysis.Fact{new(MarksFact), new(InPlaceFact)},
	}
	analysisutil.Setup(a, run)
	return a
}

// MarksFact is exported for a function other packages can call that takes a
// session and marks offsets on it (MarkMessage or MarkOffset, itself or
// through its package's functions): an ack helper of a shared library. A
// goroutine that runs it marks.
type MarksFact struct{}

func (*MarksFact) AFact()         {}
func (*MarksFact) String() string { return "marks" }

// Categories of the diagnostics.
const (
	categoryGoroutine = "goroutinemark" // a mark in a goroutine the handler does not wait for
	categoryCallback  = "callbackmark"  // a mark in a callback handed on
)

func run(pass *analysis.Pass) {
	sc := pass.ResultOf[saramaconfig.Analyzer].(*saramaconfig.Result)
	if len(sc.Sarama) == 0 {
		return // the package does not use sarama
	}
	in := analysisutil.InspectorOf(pass)
	funcs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result).FuncDecls()
	inPlace := exportInPlace(pass, in, funcs)
	c := &checker{pass: pass, funcs: funcs, inPlace: inPlace, marks: make(map[*ast.FuncDecl]*ast.CallExpr)}
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
	c.exportFacts()
}

// exportFacts exports a MarksFact for each function of the package other
// packages can call that takes a session and marks.
func (c *checker) exportFacts() {
	for fn, decl := range c.funcs {
		if decl.Body == nil || !exported(fn) || saramaapi.IsConsumeClaim(fn) {
			continue
		}
		takes := false
		for i := range fn.Signature().Params().Len() {
			takes = takes || saramaapi.IsType(fn.Signature().Params().At(i).Type(), saramaapi.ConsumerGroupSession)
		}
		if takes && c.markInDecl(decl) != nil {
			c.pass.ExportObjectFact(fn, new(MarksFact))
		}
	}
}

// exported reports whether other packages can call fn: it is exported and,
// for a method, so is its receiver's type.
func exported(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return true
	}
	n := analysisutil.NamedType(recv.Type())
	return n != nil && n.Obj().Exported()
}

// marksFact reports whether fn is a function of another package with a
// MarksFact.
func (c *checker) marksFact(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(MarksFact))
}

type checker struct {
	pass    *analysis.Pass
	funcs   map[*types.Func]*ast.FuncDecl
	inPlace *inPlacer                       // which functions of other packages run a function argument in place
	marks   map[*ast.FuncDecl]*ast.CallExpr // memo: the first mark in a function's body, or nil
	runs    map[*ast.FuncDecl]site          // memo: runners
}

// isMark reports whether call is MarkMessage or MarkOffset on a sarama session.
func (c *checker) isMark(call *ast.CallExpr) bool {
	return saramaapi.IsMethod(analysisutil.CalledFunc(c.pass.TypesInfo, call), saramaapi.ConsumerGroupSession, "MarkMessage", "MarkOffset")
}

// markIn returns the first mark in n (function literals included), made
// there or in a function of the package it calls, or nil.
func (c *checker) markIn(n ast.Node) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			fn := analysisutil.CalledFunc(c.pass.TypesInfo, call)
			if c.isMark(call) || c.marksFact(fn) {
				found = call // a mark, or an ack helper of another package
			} else if d := c.funcs[fn]; d != nil && d.Body != nil {
				found = c.markInDecl(d)
			}
		}
		return found == nil
	})
	return found
}

// markInDecl is markIn for the body of decl, memoized (recursion: no mark).
func (c *checker) markInDecl(decl *ast.FuncDecl) *ast.CallExpr {
	if m, ok := c.marks[decl]; ok {
		return m
	}
	c.marks[decl] = nil
	m := c.markIn(decl.Body)
	c.marks[decl] = m
	return m
}

// A site is where a go statement or a callback is: in a handler method
// (ConsumeClaim, or Setup for go statements), or in a function of the
// package that the method runs before it returns.
type site struct {
	fn   *types.Func   // ConsumeClaim or Setup
	decl *ast.FuncDecl // its declaration
	in   *ast.FuncDecl // the function the code is in: decl, or a helper it runs
}

// where names the site for messages: "(*h).ConsumeClaim", or
// "(*h).work, which (*h).ConsumeClaim runs,".
func (s site) where(info *types.Info) string {
	if s.in == s.decl {
		return analysisutil.LocalFuncName(s.fn)
	}
	if fn, ok := info.Defs[s.in.Name].(*types.Func); ok {
		return fmt.Sprintf("%s, which %s runs,", analysisutil.LocalFuncName(fn), analysisutil.LocalFuncName(s.fn))
	}
	return analysisutil.LocalFuncName(s.fn)
}

// siteOf returns the site of the code at cur; ok is false outside a handler
// method and the functions it runs.
func (c *checker) siteOf(cur inspector.Cursor) (site, bool) {
	for e := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := e.Node().(*ast.FuncDecl)
		fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if saramaapi.IsConsumeClaim(fn) || isSetup(fn) {
			return site{fn: fn, decl: decl, in: decl}, true
		}
		if h, ok := c.runners()[decl]; ok {
			h.in = decl
			return h, true
		}
	}
	return site{}, false
}

// isSetup reports whether fn is the Setup method of a type of the program
// that has sarama's ConsumeClaim: Setup(ConsumerGroupSession) error.
func isSetup(fn *types.Func) bool {
	if fn == nil || fn.Name() != "Setup" {
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !saramaapi.IsType(sig.Params().At(0).Type(), saramaapi.ConsumerGroupSession) {
		return false
	}
	cc, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, fn.Pkg(), "ConsumeClaim")
	m, _ := cc.(*types.Func)
	return saramaapi.IsConsumeClaim(m)
}

// runners maps the functions of the package that a ConsumeClaim or Setup
// method calls before it returns (directly or through one another; not in a
// function literal or a go statement) to the first such method in source
// order.
func (c *checker) runners() map[*ast.FuncDecl]site {
	if c.runs != nil {
		return c.runs
	}
	c.runs = make(map[*ast.FuncDecl]site)
	var handlers []site
	for fn, decl := range c.funcs {
		if decl.Body != nil && (saramaapi.IsConsumeClaim(fn) || isSetup(fn)) {
			handlers = append(handlers, site{fn: fn, decl: decl, in: decl})
		}
	}
	slices.SortFunc(handlers, func(a, b site) int { return cmp.Compare(a.decl.Pos(), b.decl.Pos()) })
	for _, h := range handlers {
		var visit func(body ast.Node)
		visit = func(body ast.Node) {
			ast.Inspect(body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit, *ast.GoStmt:
					return false
				case *ast.CallExpr:
					d := c.funcs[analysisutil.CalledFunc(c.pass.TypesInfo, n)]
					if d == nil || d.Body == nil || d == h.decl {
						return true
					}
					if _, done := c.runs[d]; done {
						return true
					}
					if fn, _ := c.pass.TypesInfo.Defs[d.Name].(*types.Func); saramaapi.IsConsumeClaim(fn) || isSetup(fn) {
						return true
					}
					c.runs[d] = h
					visit(d.Body)
				}
				return true
			})
		}
		visit(h.decl.Body)
	}
	return c.runs
}

// waits reports whether the handler waits for what the code at s starts:
// for ConsumeClaim, a Wait method called by it, by the helper s is in, or by
// the Cleanup method of its receiver's type; for Setup, a Wait method called
// or a channel received from in Cleanup (goroutines started in Setup run
// through the session, and Cleanup is the last point before the partitions
// are released).
func (c *checker) waits(s site) bool {
	setup := isSetup(s.fn)
	if !setup && (c.callsWait(s.decl.Body) || (s.in != s.decl && c.callsWait(s.in.Body))) {
		return true
	}
	sig, _ := s.fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false
	}
	cleanup, _, _ := types.LookupFieldOrMethod(sig.Recv().Type(), true, s.fn.Pkg(), "Cleanup")
	if m, ok := cleanup.(*types.Func); ok {
		if d := c.funcs[m]; d != nil && (c.callsWait(d.Body) || (setup && receives(d.Body))) {
			return true
		}
	}
	return false
}

// receives reports whether body receives from a channel (<-done).
func receives(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			found = true
		}
		return !found
	})
	return found
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

// checkGo reports a go statement in ConsumeClaim, in Setup, or in a function
// of the package either runs, whose goroutine marks, when the handler does
// not wait for it.
func (c *checker) checkGo(cur inspector.Cursor, g *ast.GoStmt) {
	s, ok := c.siteOf(cur)
	if !ok {
		return
	}
	var mark *ast.CallExpr
	switch f := ast.Unparen(g.Call.Fun).(type) {
	case *ast.FuncLit:
		mark = c.markIn(f.Body)
	default:
		if callee := analysisutil.CalledFunc(c.pass.TypesInfo, g.Call); callee != nil {
			if d := c.funcs[callee]; d != nil && d.Body != nil {
				mark = c.markInDecl(d)
			} else if c.marksFact(callee) {
				mark = g.Call // a function of another package that marks
			}
		}
	}
	if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); mark == nil || c.waits(s) || (ok && !isSetup(s.fn) && c.awaitsSignal(s, lit)) {
		return
	}
	msg := fmt.Sprintf("goroutine started in %s marks offsets and %s does not wait for it, wait before returning or in Cleanup (a mark made after the session released the partition is dropped: the message is delivered again)", s.where(c.pass.TypesInfo), s.fn.Name())
	if isSetup(s.fn) {
		msg = fmt.Sprintf("goroutine started in %s marks offsets and Cleanup does not wait for it, wait for it in Cleanup (it outlives ConsumeClaim: a mark made after the session released the partition is dropped, and the message is delivered again)", s.where(c.pass.TypesInfo))
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: g.Pos(), End: g.Call.Lparen, Category: categoryGoroutine,
		Message: msg,
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
		if i := slices.Index(p.Args, ast.Expr(lit)); i >= 0 && !isGoCall(cur.Parent()) && !spread(p, i) &&
			c.inPlace.paramUse(analysisutil.CalledFunc(c.pass.TypesInfo, p), i) == inPlace {
			return // a function of another package that runs it before it returns (InPlaceFact)
		}
	case *ast.SendStmt, *ast.CompositeLit, *ast.KeyValueExpr:
	default:
		return // assigned to a local variable, returned...: not followed
	}
	s, ok := c.siteOf(cur)
	if !ok || isSetup(s.fn) {
		return // callbacks are judged in ConsumeClaim and the functions it runs
	}
	mark := c.markIn(lit.Body)
	if mark == nil || c.waits(s) || c.awaitsSignal(s, lit) {
		return
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: lit.Pos(), End: lit.Type.End(), Category: categoryCallback,
		Message: fmt.Sprintf("callback handed on by %s marks offsets and may run after %s returns, mark before returning or wait for it in Cleanup (a mark made after the session released the partition is dropped: the message is delivered again)", s.where(c.pass.TypesInfo), s.fn.Name()),
		Related: []analysis.RelatedInformation{{Pos: mark.Pos(), End: mark.End(), Message: "marked here"}},
	})
}
