package kafkaconfig

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// ConsumersOf returns the consumers that e may hold, and whether every source of e
// was followed (false: part of it comes from where the analysis cannot see; see
// internal/valueflow for the policy). e is the receiver or an argument of a call:
// a *kafka.Consumer, an interface holding one, or an adapter that embeds one.
func (r *Result) ConsumersOf(e ast.Expr) ([]*Consumer, bool) {
	if r.graph == nil {
		return nil, false
	}
	v := r.graph.ValueOf(e)
	if v == nil {
		return nil, false
	}
	return r.consumersOfValue(v, 0)
}

// ConsumersInContext is ConsumersOf with each consumer that a shared
// constructor makes resolved per caller: where e's trace reaches a
// NewConsumer call through calls of the package's functions, the consumer is
// a variant of that site whose configuration is the one those calls build
// (Site returns the construction site it is a variant of). Passes that judge
// a handler by its consumer's configuration ask this; passes that match
// consumers by site (what is stored, committed or closed on each) ask
// ConsumersOf.
func (r *Result) ConsumersInContext(e ast.Expr) ([]*Consumer, bool) {
	if r.graph == nil {
		return nil, false
	}
	v := r.graph.ValueOf(e)
	if v == nil {
		return nil, false
	}
	return r.consumersOfTrace(r.graph.Roots(v), 0, true)
}

// Site returns the construction site k is a variant of (ConsumersInContext),
// or k itself.
func (k *Consumer) Site() *Consumer {
	if k.origin != nil {
		return k.origin
	}
	return k
}

// consumersOfValue classifies the roots of v: construction sites of consumers
// (NewConsumer, or a function of another package with a ConsumerFact), adapters
// whose embedded *Consumer is traced in turn, and the rest, which is untraced.
func (r *Result) consumersOfValue(v ssa.Value, depth int) ([]*Consumer, bool) {
	return r.consumersOfTrace(r.graph.Roots(v), depth, false)
}

// consumersOfTrace is consumersOfValue on the trace tr of a value. An
// adapter's embedded *Consumer stored in a function the trace entered
// through a call (a wrapper's NewConsumer calling its WrapConsumer) is traced
// as that call made it.
func (r *Result) consumersOfTrace(tr valueflow.Trace, depth int, inContext bool) ([]*Consumer, bool) {
	complete := tr.Complete
	var out []*Consumer
	for _, root := range tr.Roots {
		if k := r.consumerOfRoot(root); k != nil {
			if inContext {
				out = appendConsumer(out, r.inContexts(k, tr.Calls)...)
			} else {
				out = appendConsumer(out, k)
			}
			continue
		}
		if x := embeddingValue(root); x != nil && depth < 4 {
			// The embedded consumer of an adapter whose stores are not
			// here (another package's wrapper): the adapter itself.
			ks, ok := r.consumersOfTrace(r.graph.Roots(x), depth+1, inContext)
			out = appendConsumer(out, ks...)
			complete = complete && ok
			continue
		}
		if f := embeddedConsumer(root.Type()); f != nil && depth < 4 {
			stores := r.graph.FieldStoreInstrs(f)
			for _, st := range stores {
				ks, ok := r.consumersOfTrace(r.storedIn(st, tr.Calls), depth+1, inContext)
				out = appendConsumer(out, ks...)
				complete = complete && ok
			}
			if len(stores) == 0 {
				complete = false
			}
			continue
		}
		complete = false
	}
	return out, complete
}

// storedIn traces the value st stores: as the call of calls that entered
// st's function made it, when there is one, else as every caller does.
func (r *Result) storedIn(st *ssa.Store, calls []valueflow.CallEdge) valueflow.Trace {
	for _, e := range calls {
		if e.Callee == st.Parent() {
			return r.graph.RootsIn(st.Val, []valueflow.CallEdge{e})
		}
	}
	return r.graph.Roots(st.Val)
}

// maxChain bounds how many calls deep a shared constructor is resolved per
// caller (inContexts), and maxChains how many callers' variants one trace gets.
const (
	maxChain  = 3
	maxChains = 8
)

// inContexts returns consumer k as the calls that a trace followed to it make
// it: when k is a NewConsumer call in a function that the trace entered
// through a call (a shared constructor: a method of an options struct, a
// function-typed field whose default calls NewConsumer), the configuration is
// resolved at that call, and at the calls that led there (up to maxChain
// deep), one variant per chain; where a chain does not resolve, or no call
// leads to k, k itself. Variants are memoised, so that every query of the
// same chain gets the same *Consumer.
func (r *Result) inContexts(k *Consumer, calls []valueflow.CallEdge) []*Consumer {
	if len(calls) == 0 || r.resolver == nil {
		return []*Consumer{k}
	}
	if arg, _ := r.resolver.madeFrom(k); arg < 0 {
		return []*Consumer{k}
	}
	ins := r.graph.Calls(k.Call)
	if len(ins) != 1 {
		return []*Consumer{k}
	}
	use := ins[0]
	var chains [][]valueflow.CallEdge
	var grow func(chain []valueflow.CallEdge)
	grow = func(chain []valueflow.CallEdge) {
		outer := chain[0].Call.Parent()
		extended := false
		if len(chain) < maxChain {
			for _, e := range calls {
				if e.Callee == outer && len(chains) < maxChains && !inChain(chain, e) {
					extended = true
					grow(append([]valueflow.CallEdge{e}, chain...))
				}
			}
		}
		if !extended && len(chains) < maxChains {
			chains = append(chains, chain)
		}
	}
	for _, e := range calls {
		if e.Callee == use.Parent() && len(chains) < maxChains {
			grow([]valueflow.CallEdge{e})
		}
	}
	if len(chains) == 0 {
		return []*Consumer{k}
	}
	var out []*Consumer
	for _, chain := range chains {
		out = appendConsumer(out, r.variant(k, use, chain))
	}
	return out
}

func inChain(chain []valueflow.CallEdge, e valueflow.CallEdge) bool {
	for _, c := range chain {
		if c.Call == e.Call {
			return true
		}
	}
	return false
}

// variant returns consumer k as made through chain (memoised), or k when the
// configuration does not resolve there.
func (r *Result) variant(k *Consumer, use ssa.Instruction, chain []valueflow.CallEdge) *Consumer {
	key := variantKey{call: k.Call.Lparen}
	for i, e := range chain {
		if i < len(key.chain) {
			key.chain[i] = e.Call.Pos()
		}
	}
	r.variantsMu.Lock()
	defer r.variantsMu.Unlock()
	if v, ok := r.variants[key]; ok {
		return v
	}
	v := k
	c := use.(ssa.CallInstruction).Common()
	arg, fact := r.resolver.madeFrom(k)
	i := arg
	if fn := analysisutil.CalledFunc(r.info, k.Call); fn != nil && fn.Signature().Recv() != nil && !c.IsInvoke() {
		i++ // the receiver of a method call is Args[0] in SSA
	}
	if arg >= 0 && i < len(c.Args) {
		if cfg := r.resolver.configIn(c.Args[i], use, chain, k.Call.Args[arg].Pos()); cfg.Known {
			if fact != nil {
				r.resolver.addFactWrites(cfg, fact, k.Call)
			}
			v = &Consumer{Call: k.Call, Via: k.Via, Kafka: k.Kafka, Version: k.Version, Config: cfg, Made: chain[0].Call.Pos(), origin: k}
			if obj, ok := chain[0].Call.Parent().Object().(*types.Func); ok {
				v.MadeIn = analysisutil.FuncName(obj)
			}
		}
	}
	if r.variants == nil {
		r.variants = make(map[variantKey]*Consumer)
	}
	r.variants[key] = v
	return v
}

// A variantKey names a consumer made through a chain of calls: the
// NewConsumer call and the chain's calls, outermost first.
type variantKey struct {
	call  token.Pos
	chain [maxChain]token.Pos
}

// consumerOfRoot returns the consumer site that root, a call result, is, or nil.
func (r *Result) consumerOfRoot(root ssa.Value) *Consumer {
	call := valueflow.CallOf(root)
	if call == nil {
		return nil
	}
	return r.ConsumerAt(r.graph.CallExpr(call)) // the graph's index of calls
}

func appendConsumer(list []*Consumer, more ...*Consumer) []*Consumer {
	for _, m := range more {
		dup := false
		for _, l := range list {
			dup = dup || l == m
		}
		if !dup {
			list = append(list, m)
		}
	}
	return list
}

// embeddingValue returns, for the address or value of an adapter's embedded
// *kafka.Consumer field of another package's struct (a promoted method's
// receiver), the adapter it is selected from; else nil.
func embeddingValue(root ssa.Value) ssa.Value {
	var x ssa.Value
	switch v := root.(type) {
	case *ssa.FieldAddr:
		x = v.X
	case *ssa.Field:
		x = v.X
	default:
		return nil
	}
	f := valueflow.FieldOf(root)
	if f == nil || !f.Embedded() || !kafkaapi.IsConsumer(f.Type()) || f.Pkg() == nil {
		return nil
	}
	if fn := root.Parent(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg == f.Pkg() {
		return nil // the package's own adapter: its stores are traced
	}
	return x
}

// embeddedConsumer returns the embedded *kafka.Consumer field of an adapter
// struct (or pointer to one), or nil.
func embeddedConsumer(t types.Type) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Embedded() && kafkaapi.IsConsumer(f.Type()) {
			return f.Origin()
		}
	}
	return nil
}

// Callees returns the functions call may call, and whether the list is complete:
// its static callee; for a call of an interface method, the methods of the
// concrete values the receiver may hold (the library's own methods for a consumer
// or an adapter that embeds one and does not override them); for a call of a
// function value, the declared functions it may be.
func (r *Result) Callees(call *ast.CallExpr) ([]*types.Func, bool) {
	fn := analysisutil.CalledFunc(r.info, call)
	if fn != nil {
		if !analysisutil.IsInterfaceMethod(fn) {
			return []*types.Func{fn}, true
		}
	} else if tv, ok := r.info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return nil, true // a conversion or a builtin
	}
	if r.graph == nil {
		return nil, false
	}
	var out []*types.Func
	complete := true
	for _, in := range r.graph.Calls(call) {
		c := in.Common()
		if c.IsInvoke() {
			tr := r.graph.Roots(c.Value)
			complete = complete && tr.Complete
			for _, root := range tr.Roots {
				if m := analysisutil.MethodOf(root.Type(), c.Method); m != nil {
					out = appendFunc(out, m)
				} else {
					complete = false
				}
			}
			continue
		}
		tr := r.graph.Roots(c.Value)
		complete = complete && tr.Complete
		for _, root := range tr.Roots {
			f := valueflow.FuncOf(root)
			if f == nil {
				complete = false // not a function value the package makes
				continue
			}
			if obj, ok := f.Object().(*types.Func); ok {
				out = appendFunc(out, obj)
			} else {
				complete = false // a function literal: no declaration to summarise
			}
		}
	}
	if len(r.graph.Calls(call)) == 0 {
		complete = false
	}
	return out, complete
}

// ConsumerMethod returns the *kafka.Consumer method among names that call may
// call, statically or through an interface or adapter that holds a consumer, or
// nil.
func (r *Result) ConsumerMethod(call *ast.CallExpr, names ...string) *types.Func {
	fn := analysisutil.CalledFunc(r.info, call)
	if kafkaapi.IsMethod(fn, "Consumer", names...) {
		return fn
	}
	if fn == nil || !analysisutil.IsInterfaceMethod(fn) || !hasName(fn.Name(), names) {
		return nil // only interface methods of the same name can reach one
	}
	callees, _ := r.Callees(call)
	for _, c := range callees {
		if kafkaapi.IsMethod(c, "Consumer", names...) {
			return c
		}
	}
	return nil
}

// hasName reports whether name is one of names, or names is empty (any name).
func hasName(name string, names []string) bool {
	return len(names) == 0 || slices.Contains(names, name)
}

func appendFunc(list []*types.Func, fn *types.Func) []*types.Func {
	for _, f := range list {
		if f == fn {
			return list
		}
	}
	return append(list, fn)
}

// ConfigOf resolves the ConfigMap expression e, the receiver or an argument of
// call, as kafkaconfig resolves a NewConsumer argument: a query on the graph,
// with the facts of other packages' functions imported in run.
func (r *Result) ConfigOf(e ast.Expr, call *ast.CallExpr) *Config {
	if r.resolver == nil {
		return unknown(e.Pos())
	}
	return r.resolver.configOf(e, call)
}

// A Boundary is where other packages hand a value to this one: parameter Index
// of the exported function Func (-1: its receiver), or the exported field Field.
type Boundary struct {
	Func  *types.Func
	Index int
	Field *types.Var
}

// BoundariesOf returns the boundaries that e, the receiver or an argument of a
// call, may take its value from (through pointers too): the part of its value
// that only the package's callers know.
func (r *Result) BoundariesOf(e ast.Expr) []Boundary {
	if r.graph == nil {
		return nil
	}
	return r.boundaries(r.graph.ValueOf(e))
}

// ConfigBoundaries returns the boundaries the ConfigMap of consumer k comes from.
func (r *Result) ConfigBoundaries(k *Consumer) []Boundary {
	if r.graph == nil || k.Via != "" || len(k.Call.Args) != 1 {
		return nil
	}
	return r.boundaries(r.graph.ValueOf(k.Call.Args[0]))
}

func (r *Result) boundaries(v ssa.Value) []Boundary {
	if v == nil {
		return nil
	}
	var out []Boundary
	seen := make(map[Boundary]bool)
	var visit func(roots []ssa.Value, depth int)
	visit = func(roots []ssa.Value, depth int) {
		for _, root := range roots {
			var b Boundary
			switch x := root.(type) {
			case *ssa.Parameter:
				fn, i, ok := valueflow.ParamIndex(x)
				if !ok || !valueflow.ReachableFromOutside(x.Parent()) {
					continue
				}
				b = Boundary{Func: fn, Index: i}
			case *ssa.FieldAddr, *ssa.Field:
				f := valueflow.FieldOf(x)
				if f == nil || !f.Exported() || f.Pkg() != r.graph.Package().Pkg || !exportedStruct(x) {
					if fa, ok := x.(*ssa.FieldAddr); ok && depth < 2 {
						visit(r.graph.Pointees(fa).Roots, depth+1) // &s.cm: what is stored there
					}
					continue
				}
				b = Boundary{Field: f}
			case *ssa.Alloc, *ssa.Global:
				if depth < 2 {
					visit(r.graph.Pointees(x).Roots, depth+1)
				}
				continue
			default:
				continue
			}
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	visit(r.graph.Roots(v).Roots, 0)
	return out
}

// exportedStruct reports whether the struct a FieldAddr or Field selects from
// is a named type other packages can name.
func exportedStruct(v ssa.Value) bool {
	var t types.Type
	switch x := v.(type) {
	case *ssa.FieldAddr:
		p, ok := x.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		t = p.Elem()
	case *ssa.Field:
		t = x.X.Type()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}

// A FieldWrite is a store into a field in this package: what consumers the
// stored value may be, or, for a ConfigMap field, its configuration.
type FieldWrite struct {
	Pos       token.Pos
	Consumers []*Consumer
	Config    *Config // for a ConfigMap or *ConfigMap field
}

// FieldWrites returns the stores into field f (of this or another package)
// that this package makes.
func (r *Result) FieldWrites(f *types.Var) []FieldWrite {
	if r.graph == nil || r.resolver == nil {
		return nil
	}
	var out []FieldWrite
	for _, st := range r.graph.FieldStoreInstrs(f) {
		w := FieldWrite{Pos: st.Pos()}
		if isConfigMapType(st.Val.Type()) {
			w.Config = r.resolver.configOfValue(st.Val, st, st.Pos())
		} else {
			w.Consumers, _ = r.consumersOfValue(st.Val, 0)
		}
		out = append(out, w)
	}
	return out
}
