package kafkaconfig

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// A flow indexes, for one package, where values come from: what is assigned to each
// variable and field, which arguments reach each parameter, what each function
// returns, and which Subscribe calls register each rebalance callback. It is what
// links an Unassign receiver to the NewConsumer calls it may be.
type flow struct {
	info      *types.Info
	funcs     map[*types.Func]*ast.FuncDecl
	values    map[*types.Var][]source         // assignments to variables and fields
	params    map[*types.Var]paramRef         // parameter -> its function and index
	callers   map[*types.Func][]*ast.CallExpr // static calls of the package's functions
	subscribe map[ast.Node][]*ast.CallExpr    // callback (FuncDecl name or FuncLit) -> Subscribe calls
	escapes   map[*types.Func]bool            // used as a value other than a callback
	cbKey     map[*types.Func]ast.Node        // function -> key in subscribe
	lits      map[*ast.FuncLit]bool           // function literals passed as callbacks
}

// A source is an expression assigned somewhere; index selects one result of a
// multi-value call (-1 otherwise). A nil expr is a source that cannot be followed.
type source struct {
	expr  ast.Expr
	index int
}

// A paramRef locates a parameter of a declared function; parameters of
// function literals are found through the callbacks they are registered as.
type paramRef struct {
	fn    *types.Func
	index int // -1 for a receiver
}

func newFlow(pass *analysis.Pass, funcs map[*types.Func]*ast.FuncDecl) *flow {
	f := &flow{
		info:      pass.TypesInfo,
		funcs:     funcs,
		values:    make(map[*types.Var][]source),
		params:    make(map[*types.Var]paramRef),
		callers:   make(map[*types.Func][]*ast.CallExpr),
		subscribe: make(map[ast.Node][]*ast.CallExpr),
		escapes:   make(map[*types.Func]bool),
		cbKey:     make(map[*types.Func]ast.Node),
		lits:      make(map[*ast.FuncLit]bool),
	}
	for fn, decl := range funcs {
		f.addParams(decl.Recv, paramRef{fn: fn, index: -1})
		f.addParams(decl.Type.Params, paramRef{fn: fn})
	}
	for _, file := range pass.Files {
		var stack []ast.Node
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			f.visit(n, stack)
			return true
		})
	}
	return f
}

func (f *flow) addParams(fields *ast.FieldList, ref paramRef) {
	if fields == nil {
		return
	}
	i := 0
	for _, field := range fields.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, name := range names {
			if v, ok := f.info.Defs[name].(*types.Var); ok {
				r := ref
				if ref.index >= 0 {
					r.index = i
				}
				f.params[v] = r
			}
			i++
		}
	}
}

// target returns the variable or field that an assignment's left side names.
func (f *flow) target(e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := f.info.ObjectOf(x).(*types.Var)
		return v
	case *ast.SelectorExpr:
		if sel, ok := f.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			v, _ := sel.Obj().(*types.Var)
			return v
		}
	}
	return nil
}

func (f *flow) assign(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		v := f.target(l)
		if v == nil {
			continue
		}
		switch {
		case len(rhs) == len(lhs):
			f.values[v] = append(f.values[v], source{rhs[i], -1})
		case len(rhs) == 1:
			f.values[v] = append(f.values[v], source{rhs[0], i})
		}
	}
}

func (f *flow) visit(n ast.Node, stack []ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		f.assign(n.Lhs, n.Rhs)
	case *ast.ValueSpec:
		lhs := make([]ast.Expr, len(n.Names))
		for i, name := range n.Names {
			lhs[i] = name
		}
		f.assign(lhs, n.Values)
	case *ast.RangeStmt:
		for _, e := range []ast.Expr{n.Key, n.Value} {
			if v := f.target(e); v != nil {
				f.values[v] = append(f.values[v], source{nil, -1}) // an element: not followed
			}
		}
	case *ast.CompositeLit:
		f.structLit(n)
	case *ast.CallExpr:
		fn := calleeFunc(f.info, n)
		if fn == nil {
			return
		}
		if _, ok := f.funcs[fn]; ok {
			f.callers[fn] = append(f.callers[fn], n)
		}
		if kafkaapi.IsMethod(fn, "Consumer", kafkaapi.Subscribe...) && len(n.Args) == 2 {
			f.registerCallback(n)
		}
	case *ast.Ident:
		fn, ok := f.info.Uses[n].(*types.Func)
		if !ok || f.funcs[fn] == nil || len(stack) < 2 {
			return
		}
		parent := stack[len(stack)-2]
		var self ast.Node = n
		if sel, ok := parent.(*ast.SelectorExpr); ok && sel.Sel == n && len(stack) >= 3 {
			self, parent = sel, stack[len(stack)-3]
		}
		if call, ok := parent.(*ast.CallExpr); ok {
			if call.Fun == self {
				return // a call
			}
			if cfn := calleeFunc(f.info, call); len(call.Args) == 2 && call.Args[1] == self && kafkaapi.IsMethod(cfn, "Consumer", kafkaapi.Subscribe...) {
				return // registered as a callback
			}
		}
		f.escapes[fn] = true
	}
}

// registerCallback records the rebalance callback of a Subscribe call.
func (f *flow) registerCallback(call *ast.CallExpr) {
	switch cb := ast.Unparen(call.Args[1]).(type) {
	case *ast.FuncLit:
		f.lits[cb] = true
		f.subscribe[cb] = append(f.subscribe[cb], call)
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if s, ok := cb.(*ast.SelectorExpr); ok {
			id = s.Sel
		} else {
			id = cb.(*ast.Ident)
		}
		if fn, ok := f.info.Uses[id].(*types.Func); ok {
			key, ok := f.cbKey[fn]
			if !ok {
				key = id
				f.cbKey[fn] = key
			}
			f.subscribe[key] = append(f.subscribe[key], call)
		}
	}
}

// structLit records the fields a struct literal sets.
func (f *flow) structLit(lit *ast.CompositeLit) {
	tv, ok := f.info.Types[lit]
	if !ok {
		return
	}
	t := types.Unalias(tv.Type)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := f.info.Uses[id].(*types.Var); ok && v.IsField() {
					f.values[v] = append(f.values[v], source{kv.Value, -1})
				}
			}
		} else if i < st.NumFields() {
			v := st.Field(i)
			f.values[v] = append(f.values[v], source{elt, -1})
		}
	}
}

// Subscriptions returns the Subscribe/SubscribeTopics calls that register fn (a
// function or method of the package) or lit as their rebalance callback.
func (f *flow) Subscriptions(fn *types.Func, lit *ast.FuncLit) []*ast.CallExpr {
	if f == nil {
		return nil
	}
	if lit != nil {
		return f.subscribe[lit]
	}
	return f.subscribe[f.cbKey[fn]]
}

// A tracer follows one expression back to the consumers it may hold.
type tracer struct {
	f       *flow
	res     *Result
	seen    map[*types.Var]bool
	sites   []*Consumer
	unknown bool
}

// trace returns the consumers e may evaluate to, and whether every source of e was
// followed to its end (false: some value comes from where the analysis cannot see).
func (f *flow) trace(e ast.Expr, res *Result) ([]*Consumer, bool) {
	return f.traceSource(source{e, -1}, res)
}

// traceSource is trace for one result of a multi-value expression.
func (f *flow) traceSource(s source, res *Result) ([]*Consumer, bool) {
	if f == nil {
		return nil, false
	}
	t := &tracer{f: f, res: res, seen: make(map[*types.Var]bool)}
	t.source(s, 0)
	return t.sites, !t.unknown
}

func (t *tracer) add(c *Consumer) {
	for _, s := range t.sites {
		if s == c {
			return
		}
	}
	t.sites = append(t.sites, c)
}

func (t *tracer) source(s source, depth int) {
	if s.expr == nil || depth > 12 {
		t.unknown = true
		return
	}
	switch x := ast.Unparen(s.expr).(type) {
	case *ast.CallExpr:
		if c := t.res.ConsumerAt(x); c != nil {
			t.add(c)
			return
		}
		fn := calleeFunc(t.f.info, x)
		decl := t.f.funcs[fn]
		if decl == nil {
			t.unknown = true // a function of another package, or a dynamic call
			return
		}
		idx := max(s.index, 0)
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				switch {
				case len(n.Results) == 1 && s.index >= 0:
					t.source(source{n.Results[0], s.index}, depth+1)
				case idx < len(n.Results):
					t.source(source{n.Results[idx], -1}, depth+1)
				default:
					t.unknown = true // named results
				}
			}
			return true
		})
	case *ast.Ident:
		if x.Name == "nil" {
			return
		}
		v, ok := t.f.info.ObjectOf(x).(*types.Var)
		if !ok {
			t.unknown = true
			return
		}
		t.variable(v, depth)
	case *ast.SelectorExpr:
		sel, ok := t.f.info.Selections[x]
		if !ok || sel.Kind() != types.FieldVal {
			t.unknown = true // a package-qualified variable or a method value
			return
		}
		t.variable(sel.Obj().(*types.Var), depth)
	case *ast.UnaryExpr:
		t.source(source{x.X, -1}, depth+1)
	case *ast.StarExpr:
		t.source(source{x.X, -1}, depth+1)
	default:
		t.unknown = true
	}
}

func (t *tracer) variable(v *types.Var, depth int) {
	if t.seen[v] {
		return
	}
	t.seen[v] = true
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		t.unknown = true // a package variable
	}
	if v.IsField() && v.Exported() {
		t.unknown = true // other packages may set it
	}
	if ref, ok := t.f.params[v]; ok {
		t.param(v, ref, depth)
		return
	}
	if p, ok := t.paramOfLit(v); ok {
		t.litParam(p, depth)
		return
	}
	srcs := t.f.values[v]
	if len(srcs) == 0 {
		t.unknown = true
	}
	for _, s := range srcs {
		t.source(s, depth+1)
	}
}

// param follows a parameter of a function of the package to its arguments at the
// package's call sites and, for the first parameter of a rebalance callback, to the
// consumers that register it.
func (t *tracer) param(v *types.Var, ref paramRef, depth int) {
	fn := ref.fn
	if reachableFromOutside(fn) || t.f.escapes[fn] {
		t.unknown = true // called from elsewhere
	}
	subs := t.f.Subscriptions(fn, nil)
	if ref.index == 0 && kafkaapi.IsConsumer(v.Type()) {
		for _, call := range subs {
			t.source(source{Receiver(call), -1}, depth+1)
		}
	}
	callers := t.f.callers[fn]
	if len(callers) == 0 && len(subs) == 0 {
		t.unknown = true
	}
	for _, call := range callers {
		switch {
		case ref.index < 0:
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				t.source(source{sel.X, -1}, depth+1)
			} else {
				t.unknown = true
			}
		case ref.index < len(call.Args) && !call.Ellipsis.IsValid():
			t.source(source{call.Args[ref.index], -1}, depth+1)
		default:
			t.unknown = true
		}
	}
}

type litParam struct {
	lit   *ast.FuncLit
	index int
}

// paramOfLit finds v among the parameters of a function literal registered as a
// callback.
func (t *tracer) paramOfLit(v *types.Var) (litParam, bool) {
	for lit := range t.f.lits {
		i := 0
		for _, field := range lit.Type.Params.List {
			for _, name := range field.Names {
				if t.f.info.Defs[name] == v {
					return litParam{lit, i}, true
				}
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
	}
	return litParam{}, false
}

func (t *tracer) litParam(p litParam, depth int) {
	if p.index != 0 {
		t.unknown = true
		return
	}
	for _, call := range t.f.subscribe[p.lit] {
		t.source(source{Receiver(call), -1}, depth+1)
	}
}

// Receiver returns the receiver expression of a method call x.M(...), or nil.
func Receiver(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// reachableFromOutside reports whether other packages can call fn: it is exported
// and, for a method, so is its receiver's type.
func reachableFromOutside(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil {
		return true
	}
	t := types.Unalias(sig.Recv().Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	return !ok || n.Obj().Exported()
}
