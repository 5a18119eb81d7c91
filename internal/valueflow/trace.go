package valueflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Roots returns what v may come from (see the package documentation). Roots are
// calls of functions of other packages (and the Extract of one of their
// results), allocations, function values, non-nil constants, and the boundary
// values the trace could not follow past: parameters of functions other packages
// call, loads of exported fields and variables, elements, receives.
func (g *Graph) Roots(v ssa.Value) Trace {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	return g.rootsOf(v)
}

// rootsOf is Roots for callers that hold the lock.
func (g *Graph) rootsOf(v ssa.Value) Trace {
	if g.broken || v == nil {
		return Trace{}
	}
	if t, ok := g.roots[v]; ok && !g.indexing {
		return *t
	}
	if g.busy[v] {
		return Trace{} // a cycle through loads or calls: the outer trace goes on
	}
	g.busy[v] = true
	defer delete(g.busy, v)
	t := &tracer{g: g, seen: make(map[ssa.Value]bool), complete: true}
	t.value(v)
	res := Trace{Roots: t.roots, Complete: t.complete && t.steps < maxSteps, Via: t.via, Calls: t.calls}
	if !g.indexing && len(g.busy) == 1 {
		g.roots[v] = &res // only outermost traces: inner ones may be cut by a cycle
	}
	return res
}

type tracer struct {
	g        *Graph
	seen     map[ssa.Value]bool
	rootSet  map[ssa.Value]bool
	roots    []ssa.Value
	complete bool
	steps    int
	viaSet   map[ssa.Value]bool
	via      []ssa.Value
	calls    []CallEdge
	// ctx is the chain of calls the trace is inside of (RootsIn), the
	// innermost last: a parameter of the innermost call's callee is that
	// call's argument only, not the arguments of every call.
	ctx []CallEdge
}

// RootsIn is Roots for v, a value of the function that ctx's innermost call
// calls, as it is at that call: a parameter of a function of the chain
// follows the argument of the chain's call only (context-sensitive, as deep
// as the chain), everything else as Roots. The result is not memoised.
func (g *Graph) RootsIn(v ssa.Value, ctx []CallEdge) Trace {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || v == nil {
		return Trace{}
	}
	t := &tracer{g: g, seen: make(map[ssa.Value]bool), complete: true, ctx: ctx}
	t.value(v)
	return Trace{Roots: t.roots, Complete: t.complete && t.steps < maxSteps, Via: t.via, Calls: t.calls}
}

// through records a place the traced value was loaded from.
func (t *tracer) through(places ...ssa.Value) {
	for _, p := range places {
		if t.viaSet == nil {
			t.viaSet = make(map[ssa.Value]bool)
		}
		if !t.viaSet[p] {
			t.viaSet[p] = true
			t.via = append(t.via, p)
		}
	}
}

func (t *tracer) root(v ssa.Value, traced bool) {
	if !traced {
		t.complete = false
	}
	if t.rootSet == nil {
		t.rootSet = make(map[ssa.Value]bool)
	}
	if !t.rootSet[v] {
		t.rootSet[v] = true
		t.roots = append(t.roots, v)
	}
}

func (t *tracer) value(v ssa.Value) {
	if v == nil || t.seen[v] {
		return
	}
	t.steps++
	if t.steps > maxSteps {
		t.complete = false
		return
	}
	t.seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		for _, e := range v.Edges {
			t.value(e)
		}
	case *ssa.MakeInterface:
		t.value(v.X)
	case *ssa.ChangeInterface:
		t.value(v.X)
	case *ssa.ChangeType:
		t.value(v.X)
	case *ssa.TypeAssert:
		t.value(v.X)
	case *ssa.Extract:
		switch tup := v.Tuple.(type) {
		case *ssa.TypeAssert:
			if v.Index == 0 {
				t.value(tup.X)
			}
		case *ssa.Call:
			t.results(tup, v.Index, v)
		default:
			t.root(v, false)
		}
	case *ssa.Call:
		t.results(v, 0, v)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			t.load(v.X)
		} else {
			t.root(v, false) // a receive, or arithmetic
		}
	case *ssa.Field:
		t.field(fieldOf(v.X.Type(), v.Field, false), v)
	case *ssa.Parameter:
		t.param(v)
	case *ssa.FreeVar:
		t.freeVar(v)
	case *ssa.Const:
		if v.Value != nil || !isNilable(v.Type()) {
			t.root(v, true)
		} // nil holds nothing
	case *ssa.Function, *ssa.MakeClosure, *ssa.Alloc, *ssa.MakeMap, *ssa.MakeSlice, *ssa.MakeChan:
		t.root(v, true)
	case *ssa.Slice:
		t.root(v, true) // a view of an array or slice: Backing follows it
	case *ssa.Global, *ssa.FieldAddr:
		t.root(v, true) // the address of a variable or field: load follows it
	default:
		t.root(v, false) // elements, conversions, arithmetic, builtins
	}
}

func isNilable(typ types.Type) bool {
	switch typ.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Signature, *types.Chan:
		return true
	}
	return false
}

// load follows a load *addr to the values stored at every place addr may point to.
func (t *tracer) load(addr ssa.Value) {
	sub := t.g.rootsOf(addr)
	if !sub.Complete {
		t.complete = false
	}
	t.through(sub.Via...)
	for _, p := range sub.Roots {
		switch p := p.(type) {
		case *ssa.Alloc:
			t.through(p)
			t.allocStores(p)
		case *ssa.FieldAddr:
			t.field(fieldOf(p.X.Type(), p.Field, true), p)
		case *ssa.Global:
			t.through(p)
			obj := p.Object()
			if p.Pkg != t.g.spkg || obj == nil || obj.Exported() {
				t.root(p, false) // other packages may set it
				continue
			}
			srcs := t.g.globals[p]
			if len(srcs) == 0 {
				t.root(p, false)
			}
			for _, s := range srcs {
				t.value(s)
			}
		default:
			t.root(p, false) // an element, or a pointer from elsewhere
		}
	}
}

// allocStores follows the values stored into a local variable or allocation.
func (t *tracer) allocStores(a *ssa.Alloc) {
	refs := a.Referrers()
	if refs == nil {
		t.root(a, false)
		return
	}
	stored := false
	defer func() {
		if !stored {
			// A struct built field by field in place (a composite
			// literal): the allocation stands for the value.
			t.root(a, true)
		}
	}()
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == a {
				stored = true
				t.value(r.Val)
			}
		case ssa.CallInstruction:
			c := r.Common()
			if callee := c.StaticCallee(); Local(callee) {
				continue // stores in the callee go through its parameter: not followed
			}
			if callee := c.StaticCallee(); callee != nil && callee.Pkg != nil && t.g.lib != nil && t.g.lib.Owns(callee.Pkg.Pkg) {
				continue // the library never stores through its pointer arguments
			}
			if callee := c.StaticCallee(); callee != nil && t.g.noStores[callee.Object()] {
				continue // summarised by the pass that built the graph (SetNoStores)
			}
			if c.StaticCallee() == nil && !c.IsInvoke() && t.g.localValue(c.Value) {
				continue // a function value of the package's own: as a direct call
			}
			for _, arg := range c.Args {
				if arg == a {
					t.complete = false // the callee may store into it
				}
			}
		}
	}
}

// field follows the values stored into field f anywhere in the package.
func (t *tracer) field(f *types.Var, at ssa.Value) {
	t.through(at)
	if f == nil {
		t.root(at, false)
		return
	}
	if f.Exported() || f.Pkg() != t.g.pkg {
		t.root(at, false) // other packages may set it
	}
	for _, s := range t.g.fields[f] {
		t.value(s)
	}
	if f.Pkg() == t.g.pkg && !f.Exported() && len(t.g.fields[f]) == 0 {
		t.root(at, false) // never set here: the zero value, or set by reflection
	}
}

// results follows result i of call into the return statements of the functions
// it may call; a call of another package's function is a root.
func (t *tracer) results(call *ssa.Call, i int, v ssa.Value) {
	c := call.Common()
	if c.IsInvoke() {
		t.root(v, false)
		return
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		// append makes a slice from its operands (Backing follows them);
		// the other builtins compute values the trace does not look into.
		t.root(v, b.Name() == "append")
		return
	}
	var callees []*ssa.Function
	if callee := c.StaticCallee(); callee != nil {
		callees = append(callees, callee)
	} else {
		sub := t.g.rootsOf(c.Value)
		if !sub.Complete {
			t.complete = false
		}
		for _, r := range sub.Roots {
			if fn := funcOf(r); fn != nil {
				callees = append(callees, fn)
			} else {
				t.root(r, false)
			}
		}
	}
	for _, fn := range callees {
		if !Local(fn) {
			t.root(v, true) // another package's function: a root the passes classify
			continue
		}
		t.calls = append(t.calls, CallEdge{Call: call, Callee: fn})
		for _, b := range fn.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
				t.value(ret.Results[i])
			}
		}
	}
}

// param follows a parameter to the arguments of the calls of its function.
func (t *tracer) param(p *ssa.Parameter) {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if idx < 0 {
		t.root(p, false)
		return
	}
	if n := len(t.ctx); n > 0 && t.ctx[n-1].Callee == fn {
		// Inside a chain of calls: the argument of this call only,
		// traced in the caller's context.
		c := t.ctx[n-1].Call.Common()
		if idx >= len(c.Args) || (c.Signature().Variadic() && idx >= len(c.Args)-1 && fn.Signature.Variadic()) {
			t.root(p, false)
			return
		}
		saved := t.ctx
		t.ctx = t.ctx[:n-1]
		t.value(c.Args[idx])
		t.ctx = saved
		return
	}
	if reachableFromOutside(fn) || t.g.escapes[fn] {
		t.root(p, false) // called from where the package cannot see
	}
	calls := append([]ssa.CallInstruction(nil), t.g.static[fn]...)
	subs := t.g.subs[fn]
	if !t.g.indexing {
		calls = append(calls, t.g.dynamicCalls()[fn]...)
		subs = append(slices.Clip(subs), t.g.callbackSubs()[fn]...)
	}
	if len(calls) == 0 && len(subs) == 0 {
		t.root(p, false)
	}
	for _, call := range calls {
		c := call.Common()
		packed := c.Signature().Variadic() && idx >= len(c.Args)-1 && fn.Signature.Variadic() // a ...T parameter's slice
		if idx < len(c.Args) && !packed {
			// Bound method closures pass their receiver first: the
			// parameters of the closure line up with the arguments.
			t.value(c.Args[idx])
		} else {
			t.root(p, false)
		}
	}
	for _, recv := range subs {
		switch idx {
		case 0:
			t.value(recv) // the consumer the callback is registered on
		default:
			t.root(p, false) // the event: from the library
		}
	}
}

// freeVar follows a captured variable to what each closure binds it to.
func (t *tracer) freeVar(fv *ssa.FreeVar) {
	fn := fv.Parent()
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	found := false
	for _, mc := range t.g.closures[fn] {
		if idx >= 0 && idx < len(mc.Bindings) {
			found = true
			t.value(mc.Bindings[idx])
		}
	}
	if !found {
		t.root(fv, false)
	}
}

// localValue reports whether the function value v is traced, completely, to
// functions of the package (declared, literals or closures).
func (g *Graph) localValue(v ssa.Value) bool {
	tr := g.rootsOf(v)
	if !tr.Complete || len(tr.Roots) == 0 {
		return false
	}
	for _, r := range tr.Roots {
		if !Local(funcOf(r)) {
			return false
		}
	}
	return true
}

// dynamicCalls indexes the calls through function values by the functions the
// callee value may be, computed once. While it is computed, parameters are
// followed through direct calls only.
func (g *Graph) dynamicCalls() map[*ssa.Function][]ssa.CallInstruction {
	if g.dynIndex != nil {
		return g.dynIndex
	}
	g.dynIndex = make(map[*ssa.Function][]ssa.CallInstruction)
	g.indexing = true
	// The index is computed when a trace first needs it, perhaps in the
	// middle of tracing one of these callee values: their traces here start
	// afresh, not cut short as a cycle.
	busy := g.busy
	g.busy = make(map[ssa.Value]bool)
	defer func() { g.busy = busy }()
	for _, call := range g.dynamic {
		for _, r := range g.rootsOf(call.Common().Value).Roots {
			if fn := funcOf(r); fn != nil {
				g.dynIndex[fn] = append(g.dynIndex[fn], call)
			}
		}
	}
	g.indexing = false
	return g.dynIndex
}

// ConstString returns the value of a string constant, or ok=false.
func ConstString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// Pointees returns what a load through ptr may give: the roots of the values
// stored at every place ptr may point to.
func (g *Graph) Pointees(ptr ssa.Value) Trace {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || ptr == nil {
		return Trace{}
	}
	t := &tracer{g: g, seen: make(map[ssa.Value]bool), complete: true}
	t.load(ptr)
	return Trace{Roots: t.roots, Complete: t.complete && t.steps < maxSteps, Via: t.via, Calls: t.calls}
}
