// Package kgoflow resolves, on the value-flow graph of one package
// (internal/valueflow), what franz-go's rules ask about a client: which
// options reach each kgo.NewClient call, which clients a receiver may be, and
// what a partition callback does before it returns.
//
// Options reach NewClient the ways real code passes them: listed in the call,
// in []kgo.Opt slices built with literals and append (also append(opts,
// more...)), returned by the package's helpers, and forwarded through the
// variadic or slice parameters of the package's unexported functions (a
// helper's calls each build a client of their own: Client.Together tells the
// options of different calls apart). Across
// packages they travel as facts (Analyzer): an exported function that returns
// options it builds (OptionsFact), or a client it builds, maybe with options
// its caller passes (ClientFact: a wrapper's NewClient(brokers, opts...), also
// one that returns a struct embedding the client, as tracing wrappers do, or
// one that forwards to another exported constructor of its package),
// tells its callers which options those are, so that a caller's call of a
// wrapper is a client of the caller's package, with the caller's options and
// the wrapper's. The policy is valueflow's: an option set that may hold an
// option the package cannot see (a parameter of an exported function, a slice
// from another package without a fact) is incomplete, and a rule that needs to
// know an option is absent says nothing about it. One exception, by fact: a
// helper's options kept in an unexported field of its package that only the
// package's exported setters fill (cfg.WithOpts(opts...)), and that the package
// never calls itself, are whole for a caller that calls none of the setters
// (Summary.Setters).
package kgoflow

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/kgoapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// A Client is a kgo.NewClient call of the package, or a call of another
// package's function with a ClientFact (Via), and the options that may reach
// it.
type Client struct {
	Call     *ssa.Call
	Via      *types.Func // the function of another package that builds the client; nil for kgo.NewClient
	Options  []*Option   // in the order found
	Complete bool        // every option source was traced inside the package or by a fact

	entries  map[*Option][]*ssa.Store // where each option is put into a slice that reaches the call
	partial  bool                     // an option source was not traced
	embedded bool                     // Via returns a wrapper that embeds the client (ClientFact.Embedded)
	open     []*ssa.Parameter         // parameters of exported functions the options may come from
	// setters: parameters of exported functions of the package whose options
	// reach the client through an unexported field of the package, which
	// they fill (cfg.WithOpts(opts...)): options of whoever calls them
	// (Summary.Setters). inField counts the traces through such a field
	// being followed.
	setters []*ssa.Parameter
	inField int

	// contexts: for each option, the chains of calls through which it was
	// forwarded to the call, each innermost first (see forward); path: the
	// chain being followed.
	contexts map[*Option][][]ssa.CallInstruction
	path     []ssa.CallInstruction
}

// Together reports whether options a and b of the client may reach one and
// the same client at run time. The options of a helper's slice parameter
// (func newClient(extra ...kgo.Opt)) come, at each run, from one of its calls:
// two options forwarded through different calls of the helper are options of
// different clients, which the one NewClient call builds. Options whose
// chains are unknown (from facts) are together with every other.
func (c *Client) Together(a, b *Option) bool {
	pa, pb := c.contexts[a], c.contexts[b]
	if len(pa) == 0 || len(pb) == 0 {
		return true
	}
	for _, x := range pa {
		for _, y := range pb {
			n := min(len(x), len(y))
			if slices.Equal(x[:n], y[:n]) {
				return true // one chain extends the other
			}
		}
	}
	return false
}

// HasWith returns the first option of the client called name that may reach
// one client at run time together with each of with (Together), or nil.
func (c *Client) HasWith(name string, with ...*Option) *Option {
	for _, o := range c.Options {
		if o.Name != name {
			continue
		}
		ok := true
		for _, w := range with {
			ok = ok && c.Together(o, w)
		}
		if ok {
			return o
		}
	}
	return nil
}

// Always reports whether option o reaches the client on every path: it is
// put into the options slice in a block that dominates the NewClient call
// (or, in a helper that builds the slice, every return of the helper). An
// option added on a branch (if cfg.marks { opts = append(opts, ...) }) may
// be absent: a rule that reports a call because the client has an option
// asks Always, so that a call on the other branch's client is not reported.
func (c *Client) Always(o *Option) bool {
	if o.From != nil {
		// From a fact: the function adds it on every path, and its call
		// runs on every path to the client.
		return o.always && dominatesExit(o.Call.Block(), c.Call)
	}
	for _, st := range c.entries[o] {
		if dominatesExit(st.Block(), c.Call) {
			return true
		}
	}
	return false
}

// dominatesExit reports whether b dominates the call when they are in the same
// function, or else every block of b's function that returns.
func dominatesExit(b *ssa.BasicBlock, call *ssa.Call) bool {
	if b.Parent() == call.Parent() {
		return b.Dominates(call.Block())
	}
	for _, rb := range b.Parent().Blocks {
		if len(rb.Instrs) == 0 {
			continue
		}
		if _, ok := rb.Instrs[len(rb.Instrs)-1].(*ssa.Return); ok && !b.Dominates(rb) {
			return false
		}
	}
	return true
}

// Has returns the first option of the client called name, or nil.
func (c *Client) Has(name string) *Option {
	for _, o := range c.Options {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// An Option is a call of one of kgo's package-level functions other than
// NewClient (kgo.DisableAutoCommit(), kgo.OnPartitionsRevoked(fn)), or an
// option that a function of another package adds (From, from its fact): Call
// is then the call of that function that brings the option in.
type Option struct {
	Name string
	Call *ssa.Call
	From *types.Func

	always bool // From's fact says it adds the option on every path
}

// Pos returns the position of the option call's "(".
func (o *Option) Pos() token.Pos { return o.Call.Pos() }

// Result is the franz-go view of one package.
type Result struct {
	G       *valueflow.Graph
	Clients []*Client
	Options []*Option // every option call of the package, in the order found

	facts    *imported
	byCall   map[*ssa.Call]*Client
	options  map[*ssa.Call]*Option
	mu       sync.Mutex // Walk and Escapes: the passes sharing a Result may run at once
	reaches  map[*types.Package]bool
	escaping map[*Client]bool
	// registering: the clients that run a partition callback, by its
	// *kgo.Client parameters (Registering).
	registering map[*ssa.Parameter][]*Client
	called      map[string]bool // callsAny: the other packages' functions the package calls
	goOnce      sync.Once
	started     []Started // Goroutines
}

// of returns the franz-go view of the package of cg (Handle.Result computes
// it once and shares it with the passes); nil when the package has no SSA form.
func of(cg *clientgraph.Result, facts *imported) *Result {
	g := cg.Graph()
	if g.Broken() {
		return nil
	}
	return build(g, facts)
}

func build(g *valueflow.Graph, facts *imported) *Result {
	r := &Result{G: g, facts: facts, byCall: make(map[*ssa.Call]*Client), options: make(map[*ssa.Call]*Option), reaches: make(map[*types.Package]bool)}
	for _, fn := range g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				f := kgoFunc(call.Common())
				switch {
				case f == nil:
					if fn, cf := r.facts.client(call.Common()); cf != nil {
						c := &Client{Call: call, Via: fn, embedded: cf.Embedded}
						r.Clients = append(r.Clients, c)
						r.byCall[call] = c
					}
				case f.Name() == kgoapi.NewClient:
					c := &Client{Call: call}
					r.Clients = append(r.Clients, c)
					r.byCall[call] = c
				default:
					o := &Option{Name: f.Name(), Call: call}
					r.Options = append(r.Options, o)
					r.options[call] = o
				}
			}
		}
	}
	for _, c := range r.Clients {
		seen := make(map[*Option]bool)
		args := c.Call.Common().Args
		switch {
		case c.Via != nil:
			f := r.facts.clients[c.Via]
			r.factOptions(c, c.Call, c.Via, &f.Summary, make(map[ssa.Value]bool), seen)
		case len(args) == 1:
			r.collect(c, args[0], make(map[ssa.Value]bool), seen)
		default:
			c.partial = true
		}
		c.Complete = !c.partial && len(c.open) == 0 && len(c.setters) == 0
	}
	return r
}

// factOptions adds to c the options that call, a call of fn of another
// package, brings in by fn's fact s: those fn adds itself, and those of the
// argument it forwards.
func (r *Result) factOptions(c *Client, call *ssa.Call, fn *types.Func, s *Summary, seen map[ssa.Value]bool, opts map[*Option]bool) {
	if !s.Complete || r.callsAny(s.Setters) {
		c.partial = true // options the package may add through the setters
	}
	for _, fo := range s.Options {
		o := &Option{Name: fo.Name, Call: call, From: fn, always: !fo.Maybe}
		opts[o] = true
		c.Options = append(c.Options, o)
		c.addContext(o)
	}
	if s.Param > 0 {
		args := call.Common().Args
		if s.Param-1 >= len(args) {
			c.partial = true
			return
		}
		r.collect(c, args[s.Param-1], seen, opts)
	}
}

// kgoFunc returns the kgo package-level function a call statically calls, or nil.
func kgoFunc(c *ssa.CallCommon) *types.Func {
	callee := c.StaticCallee()
	if callee == nil {
		return nil
	}
	f, _ := callee.Object().(*types.Func)
	if f == nil || f.Signature().Recv() != nil || !kgoapi.IsObject(f, f.Name()) {
		return nil
	}
	return f
}

// collect adds to c the options held in the elements of the slice s.
func (r *Result) collect(c *Client, s ssa.Value, seen map[ssa.Value]bool, opts map[*Option]bool) {
	if seen[s] {
		return
	}
	seen[s] = true
	bk := r.G.Backing(s)
	if r.ownField(bk.Via) {
		c.inField++
		defer func() { c.inField-- }()
	}
	forwarded := false // a root Backing leaves untraced is followed here: a parameter, a call with a fact
	for _, root := range bk.Roots {
		switch root := root.(type) {
		case *ssa.Alloc, *ssa.MakeSlice:
			for _, ia := range r.G.ElementAddrs(root) {
				refs := ia.Referrers()
				if refs == nil {
					continue
				}
				for _, ref := range *refs {
					if st, ok := ref.(*ssa.Store); ok && st.Addr == ia {
						r.element(c, st, opts)
					}
				}
			}
		case *ssa.Call:
			if b, ok := root.Common().Value.(*ssa.Builtin); ok && b.Name() == "append" && len(root.Common().Args) == 2 {
				r.collect(c, root.Common().Args[1], seen, opts) // append(x, y...), or the packed arguments of append(x, a, b)
				continue
			}
			if fn, f := r.facts.options(root.Common()); f != nil {
				r.factOptions(c, root, fn, &f.Summary, seen, opts) // a helper of another package
				forwarded = true
				continue
			}
			c.partial = true
		case *ssa.Parameter:
			r.param(c, root, seen, opts)
			forwarded = true
		case *ssa.Const:
			// a nil slice holds nothing
		default:
			c.partial = true
		}
	}
	if !bk.Complete && !forwarded {
		c.partial = true
	}
}

// param follows the options of a slice parameter p to its callers in the
// package; those of an exported function are open: its callers' facts say
// what they are.
func (r *Result) param(c *Client, p *ssa.Parameter, seen map[ssa.Value]bool, opts map[*Option]bool) {
	if r.forward(c, p, seen, opts) {
		return
	}
	if valueflow.ReachableFromOutside(p.Parent()) {
		if c.inField > 0 {
			if !slices.Contains(c.setters, p) {
				c.setters = append(c.setters, p)
			}
			return
		}
		if !slices.Contains(c.open, p) {
			c.open = append(c.open, p)
		}
		return
	}
	c.partial = true
}

// forward follows a slice parameter of an unexported function of the package
// (func newClient(extra ...kgo.Opt)) to the arguments of its calls, and
// reports whether every caller is known.
func (r *Result) forward(c *Client, p *ssa.Parameter, seen map[ssa.Value]bool, opts map[*Option]bool) bool {
	fn := p.Parent()
	idx := slices.Index(fn.Params, p)
	if idx < 0 || valueflow.ReachableFromOutside(fn) || fn.Parent() != nil {
		return false
	}
	calls := r.G.StaticCallers(fn)
	if len(calls) == 0 {
		return false
	}
	// A contextual parameter is one of the function that makes the call,
	// or of a caller up the chain being followed: at each run its value
	// comes from one of the calls, which the chain records (Together). A
	// parameter reached otherwise (through a helper's result) keeps the
	// chain.
	contextual := len(c.path) == 0 && fn == c.Call.Parent() || len(c.path) > 0 && c.path[len(c.path)-1].Parent() == fn
	for _, call := range calls {
		args := call.Common().Args
		if idx >= len(args) {
			return false
		}
		if !contextual {
			r.collect(c, args[idx], seen, opts)
			continue
		}
		if slices.Contains(c.path, call) {
			continue // a recursion: this chain already follows the call
		}
		if len(c.path) >= maxChain {
			c.partial = true // not followed
			continue
		}
		c.path = append(c.path, call)
		r.collect(c, args[idx], make(map[ssa.Value]bool), opts) // seen is per chain: a value may reach the call through several
		c.path = c.path[:len(c.path)-1]
	}
	return true
}

// ownField reports whether a trace went through an unexported field of a
// struct of the package (via, a Trace's Via): the package's own code is all
// that fills it.
func (r *Result) ownField(via []ssa.Value) bool {
	for _, v := range via {
		if f := valueflow.FieldOf(v); f != nil && !f.Exported() && f.Pkg() == r.G.Package().Pkg {
			return true
		}
	}
	return false
}

// callsAny reports whether the package calls one of the functions of other
// packages named (types.Func.FullName).
func (r *Result) callsAny(names []string) bool {
	if len(names) == 0 {
		return false
	}
	if r.called == nil {
		r.called = make(map[string]bool)
		for _, fn := range r.G.Functions() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if c, ok := instr.(ssa.CallInstruction); ok {
						if f := callee(c.Common()); f != nil {
							r.called[f.FullName()] = true
						}
					}
				}
			}
		}
	}
	return slices.ContainsFunc(names, func(n string) bool { return r.called[n] })
}

// maxChain bounds the chains of helper calls forward follows.
const maxChain = 16

// addContext records that option o reaches c through the chain being followed.
func (c *Client) addContext(o *Option) {
	if c.contexts == nil {
		c.contexts = make(map[*Option][][]ssa.CallInstruction)
	}
	for _, p := range c.contexts[o] {
		if slices.Equal(p, c.path) {
			return
		}
	}
	c.contexts[o] = append(c.contexts[o], slices.Clone(c.path))
}

// element adds the option the element store st puts into the slice.
func (r *Result) element(c *Client, st *ssa.Store, opts map[*Option]bool) {
	tr := r.G.Roots(st.Val)
	if !tr.Complete {
		c.partial = true
	}
	for _, root := range tr.Roots {
		call := valueflow.CallOf(root)
		if o := r.options[call]; o != nil {
			if c.entries == nil {
				c.entries = make(map[*Option][]*ssa.Store)
			}
			c.entries[o] = append(c.entries[o], st)
			c.addContext(o)
			if !opts[o] {
				opts[o] = true
				c.Options = append(c.Options, o)
			}
			continue
		}
		if k, ok := root.(*ssa.Const); ok && k.Value == nil {
			continue
		}
		if call != nil {
			if fn, f := r.facts.options(call.Common()); f != nil && f.Param == 0 {
				r.factOptions(c, call, fn, &f.Summary, nil, opts) // one option from a helper of another package
				continue
			}
		}
		c.partial = true
	}
}

// ClientsWith returns the clients that option o may reach.
func (r *Result) ClientsWith(o *Option) []*Client {
	var out []*Client
	for _, c := range r.Clients {
		if slices.Contains(c.Options, o) {
			out = append(out, c)
		}
	}
	return out
}

// ClientsOf returns the clients of the package that the *kgo.Client value v
// may be, the parameters it may come from, and whether every source of v is one
// of them.
func (r *Result) ClientsOf(v ssa.Value) (cls []*Client, params []*ssa.Parameter, complete bool) {
	tr := r.G.Roots(v)
	complete = tr.Complete
	for _, root := range tr.Roots {
		if c := r.byCall[valueflow.CallOf(root)]; c != nil {
			if !slices.Contains(cls, c) {
				cls = append(cls, c)
			}
			continue
		}
		if p, ok := root.(*ssa.Parameter); ok {
			params = append(params, p)
		}
		for _, c := range r.embedding(root) {
			if !slices.Contains(cls, c) {
				cls = append(cls, c)
			}
		}
		complete = false
	}
	return cls, params, complete
}

// embedding returns, for root the embedded *kgo.Client field of a wrapper of
// another package (c.Client, where c comes from a call with a ClientFact
// whose wrapper embeds the client: a tracing wrapper), the clients of those
// calls.
func (r *Result) embedding(root ssa.Value) []*Client {
	var x ssa.Value
	switch fa := root.(type) {
	case *ssa.FieldAddr:
		x = fa.X
	case *ssa.Field:
		x = fa.X
	default:
		return nil
	}
	f := valueflow.FieldOf(root)
	if f == nil || !f.Embedded() || !isClientPtr(f.Type()) {
		return nil
	}
	var out []*Client
	for _, wr := range r.G.Roots(x).Roots {
		if c := r.byCall[valueflow.CallOf(wr)]; c != nil && c.embedded {
			out = append(out, c)
		}
	}
	return out
}

// Callbacks returns the functions the function argument of option o (a
// partition callback) may be, and whether every source is one of them.
func (r *Result) Callbacks(o *Option) ([]*ssa.Function, bool) {
	args := o.Call.Common().Args
	if len(args) != 1 {
		return nil, false
	}
	tr := r.G.Roots(args[0])
	complete := tr.Complete
	var fns []*ssa.Function
	for _, root := range tr.Roots {
		if fn := valueflow.FuncOf(root); valueflow.Local(fn) {
			fns = append(fns, fn)
			continue
		}
		complete = false
	}
	return fns, complete
}

// Registering returns the clients that run the partition callback whose
// *kgo.Client parameter p is: those that the options registering the
// callback reach (kgo calls the callback with the client that registered it,
// so a revoke callback's cl.CommitMarkedOffsets(ctx) commits on that client).
// A callback is a function the argument of an OnPartitionsAssigned,
// OnPartitionsRevoked or OnPartitionsLost option may be (Callbacks); for a
// method value, the parameters of the method it wraps.
func (r *Result) Registering(p *ssa.Parameter) []*Client {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.registering == nil {
		r.registering = make(map[*ssa.Parameter][]*Client)
		for _, o := range r.Options {
			if !slices.Contains(kgoapi.Callbacks, o.Name) {
				continue
			}
			fns, _ := r.Callbacks(o)
			cls := r.ClientsWith(o)
			for _, fn := range fns {
				for _, q := range clientParams(fn) {
					for _, c := range cls {
						if !slices.Contains(r.registering[q], c) {
							r.registering[q] = append(r.registering[q], c)
						}
					}
				}
			}
		}
	}
	return r.registering[p]
}

// clientParams returns the *kgo.Client parameters of fn, and for a
// synthetic function (a bound method value's wrapper) those of the package's
// functions it calls, as Walk takes them.
func clientParams(fn *ssa.Function) []*ssa.Parameter {
	var out []*ssa.Parameter
	add := func(f *ssa.Function) {
		for _, p := range f.Params {
			if kgoapi.IsClient(p.Type()) {
				out = append(out, p)
			}
		}
	}
	add(fn)
	if fn.Synthetic == "" {
		return out
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if callee := c.Common().StaticCallee(); valueflow.Local(callee) {
					add(callee)
				}
			}
		}
	}
	return out
}

// A Reach is a call of a *kgo.Client method that a function makes before it
// returns, directly or through the package's functions it calls.
type Reach struct {
	Call   ssa.CallInstruction // the method call
	Method *types.Func
	Top    ssa.CallInstruction // the call in the walked function's own body that leads to it
	// bound is the client a method value (f := cl.Close; f()) was bound to:
	// the call is then of the bound-method wrapper, whose arguments do not
	// include the receiver.
	bound ssa.Value
}

// Receiver returns the client value the method is called on.
func (rc Reach) Receiver() ssa.Value {
	if rc.bound != nil {
		return rc.bound
	}
	return rc.Call.Common().Args[0]
}

// BoundName returns the name of the variable a method value was bound to (cl
// in f := cl.Close; f()), or "" when the call is not of a method value or the
// receiver is no parameter or captured variable.
func (rc Reach) BoundName() string {
	switch v := rc.bound.(type) {
	case *ssa.Parameter:
		return v.Name()
	case *ssa.FreeVar:
		return v.Name()
	}
	return ""
}

// Args returns the method's arguments, without the receiver.
func (rc Reach) Args() []ssa.Value {
	if rc.bound != nil {
		return rc.Call.Common().Args
	}
	return rc.Call.Common().Args[1:]
}

// A Walk is what a function does before it returns.
type Walk struct {
	Reaches []Reach
	// Opaque is set when the function may call code the package cannot see
	// that may use a client: a function of another package that reaches kgo,
	// an interface method of such a package or of this one, or a function
	// value the trace does not resolve.
	Opaque bool
	// Handoff is set when the function waits for or signals another
	// goroutine (a channel operation, a select, a sync Wait), which may do
	// the work for it.
	Handoff bool
	// Signals holds the calls that signal another goroutine without
	// waiting for it: close of a channel, a call of a context.CancelFunc
	// or context.CancelCauseFunc (F34: a revoke callback that only signals
	// the goroutines processing the partitions lets the rebalance go on
	// while they still work).
	Signals []ssa.CallInstruction
	// Entry holds the *kgo.Client parameters of the walked function (of the
	// method a bound method value wraps).
	Entry []*ssa.Parameter
}

// Walk returns what fn does before it returns: the calls it and the package's
// functions it calls make, deferred ones included, goroutines it starts
// excluded.
func (r *Result) Walk(fn *ssa.Function) *Walk {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := &Walk{}
	for _, p := range fn.Params {
		if kgoapi.IsClient(p.Type()) {
			w.Entry = append(w.Entry, p)
		}
	}
	seen := make(map[*ssa.Function]bool)
	if fn.Synthetic != "" {
		// A bound method value or a wrapper: the method it calls is the
		// callback whose body the reports point into.
		seen[fn] = true
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := c.Common().StaticCallee()
				if !valueflow.Local(callee) {
					r.call(w, c, c, seen)
					continue
				}
				for _, p := range callee.Params {
					if kgoapi.IsClient(p.Type()) {
						w.Entry = append(w.Entry, p)
					}
				}
				r.walk(w, callee, nil, seen)
			}
		}
		return w
	}
	r.walk(w, fn, nil, seen)
	return w
}

func (r *Result) walk(w *Walk, fn *ssa.Function, top ssa.CallInstruction, seen map[*ssa.Function]bool) {
	if seen[fn] {
		return
	}
	seen[fn] = true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Go:
				continue // runs on its own goroutine
			case *ssa.Send, *ssa.Select:
				w.Handoff = true
			case *ssa.UnOp:
				if in.Op == token.ARROW {
					w.Handoff = true
				}
			case ssa.CallInstruction:
				t := top
				if t == nil {
					t = in
				}
				r.call(w, in, t, seen)
			}
		}
	}
}

func (r *Result) call(w *Walk, in ssa.CallInstruction, top ssa.CallInstruction, seen map[*ssa.Function]bool) {
	c := in.Common()
	if c.IsInvoke() {
		if r.mayUseClient(c.Method.Pkg()) && !IsLogging(c.Method.Name()) {
			w.Opaque = true
		}
		return
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		if b.Name() == "close" {
			w.Signals = append(w.Signals, in)
		}
		return
	}
	if c.StaticCallee() == nil && isCancel(c.Value.Type()) {
		w.Signals = append(w.Signals, in) // the standard library's cancel: it commits nothing
		return
	}
	var callees []*ssa.Function
	var bound []ssa.Value // by callee: the receiver a method value was bound to
	if callee := c.StaticCallee(); callee != nil {
		callees = append(callees, callee)
		bound = append(bound, boundRecv(c.Value, callee))
	} else {
		tr := r.G.Roots(c.Value)
		if !tr.Complete {
			w.Opaque = true
		}
		for _, root := range tr.Roots {
			if fn := valueflow.FuncOf(root); fn != nil {
				callees = append(callees, fn)
				bound = append(bound, boundRecv(root, fn))
			}
		}
	}
	for i, callee := range callees {
		if valueflow.Local(callee) && callee.Pkg == r.G.Package() {
			r.walk(w, callee, top, seen)
			continue
		}
		obj, _ := callee.Object().(*types.Func)
		if obj == nil {
			w.Opaque = true
			continue
		}
		if kgoapi.IsClientMethod(obj, obj.Name()) {
			if bound[i] == nil && len(callee.FreeVars) == 1 && callee.Signature.Recv() == nil {
				w.Opaque = true // a method value whose receiver is not traced
				continue
			}
			w.Reaches = append(w.Reaches, Reach{Call: in, Method: obj, Top: top, bound: bound[i]})
			continue
		}
		if isWait(obj) {
			w.Handoff = true
		}
		if r.mayUseClient(obj.Pkg()) {
			w.Opaque = true
		}
	}
}

// A Started is a go statement of the package and what the function it
// starts does before it returns.
type Started struct {
	Go   *ssa.Go
	Walk *Walk
}

// Goroutines returns, once computed, what the goroutines the package starts
// do: one Started for each go statement whose function is the package's
// own, statically known (go f(x), go func() { ... }(), go c.work()). A
// goroutine a goroutine starts has its own.
func (r *Result) Goroutines() []Started {
	r.goOnce.Do(func() {
		for _, fn := range r.G.Functions() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					g, ok := instr.(*ssa.Go)
					if !ok {
						continue
					}
					if callee := g.Common().StaticCallee(); valueflow.Local(callee) && callee.Pkg == r.G.Package() {
						r.started = append(r.started, Started{Go: g, Walk: r.Walk(callee)})
					}
				}
			}
		}
	})
	return r.started
}

// boundRecv returns the receiver a method value was bound to when v, the
// called value, is the closure of fn, a bound-method wrapper (cl.Close used as
// a value); nil otherwise.
func boundRecv(v ssa.Value, fn *ssa.Function) ssa.Value {
	mc, ok := v.(*ssa.MakeClosure)
	if !ok || mc.Fn != fn || len(mc.Bindings) != 1 || fn.Signature.Recv() != nil {
		return nil
	}
	return mc.Bindings[0]
}

// IsLogging reports whether name is a logging method's (Info, Debugf,
// Errorw, Log, Printf...): called through the program's own logger
// interface, it is assumed to commit nothing, as the loggers do (kgocommit:
// a failure branch that only logs handles nothing).
func IsLogging(name string) bool {
	for _, p := range []string{"Debug", "Info", "Warn", "Error", "Print", "Log", "Trace", "Fatal", "Panic"} {
		if rest, ok := strings.CutPrefix(name, p); ok && (rest == "" || rest == "f" || rest == "w" || rest == "ln" || rest == "Context" || rest == "Ctx") {
			return true
		}
	}
	return false
}

// isCancel reports whether t is context.CancelFunc or context.CancelCauseFunc.
func isCancel(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" {
		return false
	}
	return n.Obj().Name() == "CancelFunc" || n.Obj().Name() == "CancelCauseFunc"
}

// isWait reports whether fn is sync.WaitGroup.Wait or sync.Cond.Wait.
func isWait(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if fn.Name() != "Wait" || recv == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return false
	}
	return true
}

// mayUseClient reports whether code of pkg may use a kgo client: pkg is this
// package or reaches kgo (it is not the standard library, which cannot).
func (r *Result) mayUseClient(pkg *types.Package) bool {
	if pkg == nil {
		return false // the universe: error.Error
	}
	if kgoapi.IsPackage(pkg) {
		return false // kgo's own functions and interfaces (Fetches, Logger) commit nothing
	}
	if pkg == r.G.Package().Pkg {
		return true
	}
	if v, ok := r.reaches[pkg]; ok {
		return v
	}
	r.reaches[pkg] = false // cycles
	v := false
	for _, imp := range pkg.Imports() {
		if kgoapi.IsPackage(imp) || r.mayUseClient(imp) {
			v = true
			break
		}
	}
	r.reaches[pkg] = v
	return v
}

// IsNil reports whether v is the constant nil (LeaveGroupContext(nil)).
func IsNil(v ssa.Value) bool {
	if ct, ok := v.(*ssa.ChangeInterface); ok {
		v = ct.X
	}
	k, ok := v.(*ssa.Const)
	return ok && k.Value == nil
}

// A MethodCall is a call of a *kgo.Client method in the package, with the
// clients its receiver may be.
type MethodCall struct {
	Call     ssa.CallInstruction
	Method   *types.Func
	Clients  []*Client
	Complete bool // every source of the receiver is one of Clients
}

// MethodCalls returns the package's static calls of the *kgo.Client methods
// names, in the order found.
func (r *Result) MethodCalls(names ...string) []MethodCall {
	var out []MethodCall
	for _, fn := range r.G.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || len(call.Common().Args) == 0 {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				m, _ := callee.Object().(*types.Func)
				if !kgoapi.IsClientMethod(m, names...) {
					continue
				}
				cls, _, complete := r.ClientsOf(call.Common().Args[0])
				out = append(out, MethodCall{Call: call, Method: m, Clients: cls, Complete: complete})
			}
		}
	}
	return out
}

// Escapes reports whether client cl may leave the package's sight: passed
// to a function of another package (kgo's own excepted), converted to an
// interface, sent on a channel, stored in an exported field or variable, a
// slice or a map, or returned by a function other packages can call. Rules
// that need every call on a client ("nothing calls AllowRebalance") are
// silent for it then.
func (r *Result) Escapes(cl *Client) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.escaping == nil {
		r.escaping = make(map[*Client]bool)
		for _, v := range r.G.Escaping(isClientPtr, kgoapi.IsPackage) {
			cls, _, _ := r.ClientsOf(v)
			for _, c := range cls {
				r.escaping[c] = true
			}
		}
		for _, c := range r.Clients {
			if c.embedded {
				r.escaping[c] = true // the wrapper is not followed: its client may be used anywhere
			}
		}
	}
	return r.escaping[cl]
}

// isClientPtr reports whether t is *kgo.Client.
func isClientPtr(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok && kgoapi.IsClient(t)
}
