package asyncmark

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
)

// InPlaceFact is exported for a function of a package that uses sarama (a
// shared library's retry helper) that takes function values and runs some of
// them only before it returns. Like every fact of the suite it is computed
// only where sarama is imported (the standalone command analyses nothing
// else), so the retry helpers of dependencies that do not import it are
// listed instead (listedInPlace: cenkalti/backoff's, dapr/kit's, and
// sync.Once's Do).
// Indices count the parameters from 0; -1 is a method's receiver (a named
// function type's method).
//
// InPlace lists the parameters the function only calls (directly, deferred, or
// by passing them to functions whose fact lists that parameter in InPlace),
// never storing, sending, returning them or starting them in a goroutine: a
// literal given there runs before the call returns and is not handed on.
// Wraps lists the parameters whose only other use is to be returned inside a
// function literal that calls them in place (backoff's Operation.withEmptyData):
// the call's result carries the parameter, and the caller judges what it does
// with it.
type InPlaceFact struct {
	InPlace []int
	Wraps   []int
}

func (*InPlaceFact) AFact() {}
func (f *InPlaceFact) String() string {
	return fmt.Sprintf("inPlace(%v) wraps(%v)", f.InPlace, f.Wraps)
}

// A use is what a function does with a function value it is given, from the
// best to the worst; a parameter's status is the worst of its uses.
type use int

const (
	inPlace use = iota // only called before the function returns
	wraps              // returned in a literal that calls it in place
	escapes            // stored, sent, started in a goroutine, or not followed
)

type paramKey struct {
	fn *types.Func
	i  int // -1: the receiver
}

// inPlacer computes the package's InPlaceFacts: a greatest fixpoint over the
// function-typed parameters of its functions (recursion keeps a parameter in
// place unless some use says otherwise).
type inPlacer struct {
	pass   *analysis.Pass
	status map[paramKey]use
}

// funcParams maps fn's function-typed parameters (and receiver, -1) to their
// indices; a variadic parameter is left out (its values arrive in a slice).
func funcParams(fn *types.Func) map[*types.Var]int {
	sig := fn.Signature()
	m := make(map[*types.Var]int)
	if r := sig.Recv(); r != nil && isFunc(r.Type()) {
		m[r] = -1
	}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i); isFunc(p.Type()) && (!sig.Variadic() || i < sig.Params().Len()-1) {
			m[p] = i
		}
	}
	return m
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// exportInPlace computes and exports the InPlaceFacts of the package's
// functions that other packages can call. It costs a walk of the bodies of
// the functions that take a function value.
func exportInPlace(pass *analysis.Pass, in *inspector.Inspector, funcs map[*types.Func]*ast.FuncDecl) *inPlacer {
	p := &inPlacer{pass: pass, status: make(map[paramKey]use)}
	type cand struct {
		fn     *types.Func
		params map[*types.Var]int
		cur    inspector.Cursor
	}
	var cands []cand
	for cur := range in.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, _ := pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || decl.Body == nil || funcs[fn] != decl {
			continue
		}
		params := funcParams(fn)
		if len(params) == 0 {
			continue
		}
		for _, i := range params {
			p.status[paramKey{fn, i}] = inPlace
		}
		cands = append(cands, cand{fn, params, cur})
	}
	for changed := true; changed; {
		changed = false
		for _, c := range cands {
			worst := make(map[int]use)
			for id := range c.cur.Preorder((*ast.Ident)(nil)) {
				v, _ := pass.TypesInfo.Uses[id.Node().(*ast.Ident)].(*types.Var)
				if i, ok := c.params[v]; ok {
					worst[i] = max(worst[i], p.useOf(id, c.cur.Node()))
				}
			}
			for i, u := range worst {
				k := paramKey{c.fn, i}
				if u > p.status[k] {
					p.status[k] = u
					changed = true
				}
			}
		}
	}
	for _, c := range cands {
		if !exported(c.fn) {
			continue
		}
		f := new(InPlaceFact)
		for _, i := range c.params {
			switch p.status[paramKey{c.fn, i}] {
			case inPlace:
				f.InPlace = append(f.InPlace, i)
			case wraps:
				f.Wraps = append(f.Wraps, i)
			}
		}
		if len(f.InPlace)+len(f.Wraps) > 0 {
			slices.Sort(f.InPlace)
			slices.Sort(f.Wraps)
			pass.ExportObjectFact(c.fn, f)
		}
	}
	return p
}

// paramUse returns what fn does with its parameter i (-1: the receiver): the
// fixpoint's current value for a function of the package, the fact for
// another's, escapes when nothing is known.
func (p *inPlacer) paramUse(fn *types.Func, i int) use {
	if fn == nil {
		return escapes
	}
	fn = fn.Origin()
	if fn.Pkg() == p.pass.Pkg {
		if u, ok := p.status[paramKey{fn, i}]; ok {
			return u
		}
		return escapes
	}
	if fn.Pkg() == nil {
		return escapes
	}
	if params, ok := listedInPlace[listedKey(fn)]; ok {
		if slices.Contains(params, i) {
			return inPlace
		}
		return escapes
	}
	var f InPlaceFact
	if !p.pass.ImportObjectFact(fn, &f) {
		return escapes
	}
	switch {
	case slices.Contains(f.InPlace, i):
		return inPlace
	case slices.Contains(f.Wraps, i):
		return wraps
	}
	return escapes
}

// useOf classifies the use of the function value that the expression at cur
// evaluates to, in the function decl: the parameter itself, a call whose
// result wraps it, or a literal that calls it in place.
func (p *inPlacer) useOf(cur inspector.Cursor, decl ast.Node) use {
	for {
		e := cur
		for {
			if _, ok := e.Parent().Node().(*ast.ParenExpr); !ok {
				break
			}
			e = e.Parent()
		}
		u, carrier := p.useIn(e, decl)
		if !carrier.Valid() {
			return u
		}
		cur = carrier // a call's result or a literal now carries the value
	}
}

// useIn classifies the use of the value e evaluates to by e's parent, within
// the innermost function around e. When that use makes another expression
// carry the value (a call of a function that wraps it; the literal e is in, if
// e is called in place there), useIn returns that expression's cursor.
func (p *inPlacer) useIn(e inspector.Cursor, decl ast.Node) (use, inspector.Cursor) {
	u := escapes
	var carrier inspector.Cursor
	parent := e.Parent()
	switch n := parent.Node().(type) {
	case *ast.CallExpr:
		if isGoCall(parent) {
			return escapes, carrier
		}
		if n.Fun == e.Node() {
			u = inPlace
			break
		}
		i := slices.Index(n.Args, e.Node().(ast.Expr))
		if i < 0 || spread(n, i) {
			return escapes, carrier
		}
		if tv, ok := p.pass.TypesInfo.Types[n.Fun]; ok && tv.IsType() {
			return escapes, carrier // a conversion: not followed
		}
		switch p.paramUse(analysisutil.CalledFunc(p.pass.TypesInfo, n), i) {
		case inPlace:
			u = inPlace
		case wraps:
			return inPlace, parent
		}
	case *ast.SelectorExpr:
		call, ok := parent.Parent().Node().(*ast.CallExpr)
		sel := p.pass.TypesInfo.Selections[n]
		if n.X != e.Node() || !ok || call.Fun != n || sel == nil || sel.Kind() != types.MethodVal || isGoCall(parent.Parent()) {
			return escapes, carrier
		}
		fn, _ := sel.Obj().(*types.Func)
		switch p.paramUse(fn, -1) {
		case inPlace:
			u = inPlace
		case wraps:
			return inPlace, parent.Parent()
		}
	case *ast.ReturnStmt:
		if lit, ok := enclosingFunc(e); ok && lit.Node() == decl {
			return wraps, carrier
		}
		return escapes, carrier
	case *ast.BinaryExpr:
		if n.Op != token.EQL && n.Op != token.NEQ {
			return escapes, carrier
		}
		u = inPlace // compared with nil
	}
	if u != inPlace {
		return u, carrier
	}
	// Called in place by the innermost function around e: if that is a
	// literal, the literal now carries the value.
	if f, ok := enclosingFunc(e); ok && f.Node() != decl {
		return inPlace, f
	}
	return inPlace, carrier
}

// enclosingFunc returns the innermost function declaration or literal around cur.
func enclosingFunc(cur inspector.Cursor) (inspector.Cursor, bool) {
	for f := range cur.Parent().Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return f, true
	}
	return inspector.Cursor{}, false
}

// spread reports whether argument i of call is a slice spread into a
// variadic parameter (f(fns...)).
func spread(call *ast.CallExpr, i int) bool {
	return call.Ellipsis.IsValid() && i == len(call.Args)-1
}

// isGoCall reports whether the call at cur is a go statement's.
func isGoCall(cur inspector.Cursor) bool {
	g, ok := cur.Parent().Node().(*ast.GoStmt)
	return ok && g.Call == cur.Node()
}

// listedInPlace lists the functions of libraries that do not import sarama
// (kafkalint does not analyse them) that run the function arguments at the
// listed indices only before they return, read in their sources: retry loops
// that call the operation (and notify) in place and sleep between attempts,
// and the standard library's sync.Once.Do.
var listedInPlace = map[string][]int{
	// github.com/cenkalti/backoff/v4 (v4.2.1, v4.3.0: retry.go).
	"github.com/cenkalti/backoff/v4.Retry":                       {0},
	"github.com/cenkalti/backoff/v4.RetryNotify":                 {0, 2},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithTimer":        {0, 2},
	"github.com/cenkalti/backoff/v4.RetryWithData":               {0},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithData":         {0, 2},
	"github.com/cenkalti/backoff/v4.RetryNotifyWithTimerAndData": {0, 2},
	// github.com/dapr/kit/retry (v0.12.1, v0.13.1, v0.16.2: retry.go), over
	// backoff.RetryNotify.
	"github.com/dapr/kit/retry.NotifyRecover":         {0, 2, 3},
	"github.com/dapr/kit/retry.NotifyRecoverWithData": {0, 2, 3},
	// The standard library: sync.Once's Do calls f, if at all, before it
	// returns (a concurrent Do waits for the first one's f to return).
	"(*sync.Once).Do": {0},
}

// listedKey is "path.Name" for a package-level function and "(*path.Type).Name"
// (or "(path.Type).Name") for a method of a named type, vendoring removed; ""
// for another method (an interface's).
func listedKey(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return clients.Unvendor(fn.Pkg().Path()) + "." + fn.Name()
	}
	t, star := recv.Type(), ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || types.IsInterface(n) {
		return ""
	}
	return "(" + star + clients.Unvendor(n.Obj().Pkg().Path()) + "." + n.Obj().Name() + ")." + fn.Name()
}
