package kgoflow

import (
	"fmt"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kgoapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer gives the franz-go passes the package's view (Of) and exports, for
// the exported functions of a package that reaches kgo, the options and
// clients they hand to other packages (OptionsFact, ClientFact), so that a
// caller's options reaching a wrapper's kgo.NewClient are judged in the
// caller. It reports nothing.
//
// A package that does not reach kgo costs the clientgraph lookup; one that
// does but has no exported function with a kgo option or client result gets
// no SSA form from this analyzer.
var Analyzer = &analysis.Analyzer{
	Name:             "kgoflow",
	Doc:              "options reaching franz-go's kgo.NewClient, across packages through facts (for kafkalint's passes; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/kgoflow",
	Requires:         []*analysis.Analyzer{clientgraph.Analyzer},
	FactTypes:        []analysis.Fact{new(OptionsFact), new(ClientFact)},
	ResultType:       reflect.TypeFor[*Handle](),
	RunDespiteErrors: true,
	Run:              run,
}

// A Summary is what an exported function's options are, for its callers:
// the kgo options it adds (by name), the parameter whose options it forwards
// (Param-1 is the index of its argument in a call, the receiver first for a
// method; 0 when none), and whether every other source of its options was
// traced.
type Summary struct {
	Options  []FactOption
	Param    int `json:",omitempty"`
	Complete bool
	// Setters names (types.Func.FullName) the exported functions of the
	// function's package that fill, with the options their callers pass, an
	// unexported field the options also come from (conduit-connector-kafka's
	// Config.WithFranzClientOpts, "meant for test purposes"), which the
	// package itself never calls. A caller that calls none of them adds no
	// option there: the summary is complete for it.
	Setters []string `json:",omitempty"`
}

// A FactOption is an option a function adds on every path or, when Maybe, on
// some.
type FactOption struct {
	Name  string
	Maybe bool `json:",omitempty"`
}

func (s *Summary) String() string {
	var parts []string
	for _, o := range s.Options {
		p := o.Name
		if o.Maybe {
			p += "?"
		}
		parts = append(parts, p)
	}
	out := "{" + strings.Join(parts, " ") + "}"
	if s.Param > 0 {
		out += fmt.Sprintf(" + param %d", s.Param-1)
	}
	if len(s.Setters) > 0 {
		out += " + set by " + strings.Join(s.Setters, ", ")
	}
	if !s.Complete {
		out += " incomplete"
	}
	return out
}

// OptionsFact is exported for a function that returns kgo options it builds
// (a kgo.Opt, or a slice of them): a helper of shared options.
type OptionsFact struct{ Summary }

func (*OptionsFact) AFact()           {}
func (f *OptionsFact) String() string { return "options " + f.Summary.String() }

// ClientFact is exported for a function that returns a *kgo.Client it builds
// with kgo.NewClient: a wrapper, NewClient(brokers, opts ...kgo.Opt). When
// Embedded, it returns a pointer to a struct that embeds the client (a
// tracing wrapper: type Client struct{ *kgo.Client; ... }), and the calls of
// the client's methods promoted through it are calls on that client.
type ClientFact struct {
	Summary
	Embedded bool `json:",omitempty"`
}

func (*ClientFact) AFact() {}
func (f *ClientFact) String() string {
	if f.Embedded {
		return "embedded client " + f.Summary.String()
	}
	return "client " + f.Summary.String()
}

// imported holds the facts of other packages' functions.
type imported struct {
	opts    map[*types.Func]*OptionsFact
	clients map[*types.Func]*ClientFact
}

// callee returns the function of another package that c calls statically.
func callee(c *ssa.CallCommon) *types.Func {
	fn := c.StaticCallee()
	if fn == nil || valueflow.Local(fn) {
		return nil
	}
	f, _ := fn.Object().(*types.Func)
	if f != nil {
		f = f.Origin()
	}
	return f
}

func (im *imported) options(c *ssa.CallCommon) (*types.Func, *OptionsFact) {
	if im == nil || len(im.opts) == 0 {
		return nil, nil
	}
	fn := callee(c)
	return fn, im.opts[fn]
}

func (im *imported) client(c *ssa.CallCommon) (*types.Func, *ClientFact) {
	if im == nil || len(im.clients) == 0 {
		return nil, nil
	}
	fn := callee(c)
	return fn, im.clients[fn]
}

// A Handle is the Analyzer's result: the package's franz-go view, built when
// a pass first asks for it.
type Handle struct {
	cg    *clientgraph.Result
	facts *imported

	once sync.Once
	view *Result
}

// Of returns the franz-go view of the package of pass, whose analyzer must
// require Analyzer: computed once and shared by the passes; nil when the
// package does not reach kgo or has no SSA form.
func Of(pass *analysis.Pass) *Result {
	return pass.ResultOf[Analyzer].(*Handle).Result()
}

// Result returns the franz-go view of the package; nil when the package does
// not reach kgo or has no SSA form.
func (h *Handle) Result() *Result {
	if h.cg == nil {
		return nil
	}
	h.once.Do(func() { h.view = of(h.cg, h.facts) })
	return h.view
}

// CallsAdding reports whether the package calls a function of another
// package whose facts say it adds one of the named options (a wrapper that
// returns a client, or an option helper): a package whose only
// DisableAutoCommit comes from append(opts, kit.ManualCommit()...) names no
// kgo option itself, and a pass that returns early on the options the
// package names asks this before it does. It builds no SSA form.
func (h *Handle) CallsAdding(info *types.Info, names ...string) bool {
	if h.facts == nil {
		return false
	}
	adds := func(s *Summary) bool {
		for _, o := range s.Options {
			if slices.Contains(names, o.Name) {
				return true
			}
		}
		return false
	}
	for _, obj := range info.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		fn = fn.Origin()
		if f := h.facts.opts[fn]; f != nil && adds(&f.Summary) {
			return true
		}
		if f := h.facts.clients[fn]; f != nil && adds(&f.Summary) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	cg := pass.ResultOf[clientgraph.Analyzer].(*clientgraph.Result)
	if len(cg.Imports(clients.FranzGo)) == 0 {
		return &Handle{}, nil // the package does not reach kgo
	}
	h := &Handle{cg: cg, facts: &imported{opts: make(map[*types.Func]*OptionsFact), clients: make(map[*types.Func]*ClientFact)}}
	for _, of := range pass.AllObjectFacts() {
		fn, ok := of.Object.(*types.Func)
		if !ok || fn.Pkg() == pass.Pkg {
			continue
		}
		switch f := of.Fact.(type) {
		case *OptionsFact:
			h.facts.opts[fn] = f
		case *ClientFact:
			h.facts.clients[fn] = f
		}
	}
	if !exportsKgo(pass.Pkg) {
		return h, nil // no function whose facts other packages could use: no SSA form
	}
	r := h.Result()
	if r == nil {
		return h, nil
	}
	for _, fn := range r.G.Functions() {
		if !valueflow.Exported(fn) {
			continue
		}
		obj, _ := fn.Object().(*types.Func)
		if obj == nil {
			continue
		}
		switch kind(obj.Signature()) {
		case resultClient:
			if s := r.clientSummary(fn, r.returned); s != nil {
				pass.ExportObjectFact(obj, &ClientFact{Summary: *s})
			}
		case resultWrapper:
			if s := r.clientSummary(fn, r.embeddedIn); s != nil {
				pass.ExportObjectFact(obj, &ClientFact{Summary: *s, Embedded: true})
			}
		case resultOptions:
			if s := r.optionsSummary(fn); s != nil {
				pass.ExportObjectFact(obj, &OptionsFact{Summary: *s})
			}
		}
	}
	return h, nil
}

// What an exported function's first result is.
const (
	resultOther = iota
	resultClient
	resultWrapper // a pointer to a struct that embeds *kgo.Client
	resultOptions
)

func kind(sig *types.Signature) int {
	if sig.Results().Len() == 0 {
		return resultOther
	}
	t := sig.Results().At(0).Type()
	if _, ok := t.Underlying().(*types.Pointer); ok && kgoapi.IsClient(t) {
		return resultClient
	}
	if embeddedClient(t) >= 0 {
		return resultWrapper
	}
	if s, ok := t.(*types.Slice); ok {
		t = s.Elem()
	}
	if isOpt(t) {
		return resultOptions
	}
	return resultOther
}

// isOpt reports whether t is one of kgo's option interfaces (Opt,
// ConsumerOpt, GroupOpt...).
func isOpt(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok || !kgoapi.IsObject(n.Obj(), n.Obj().Name()) || !strings.HasSuffix(n.Obj().Name(), "Opt") {
		return false
	}
	_, isIface := n.Underlying().(*types.Interface)
	return isIface
}

// exportsKgo reports whether pkg declares an exported function or method
// whose first result is a *kgo.Client or kgo options: the only functions a
// fact is exported for.
func exportsKgo(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			if kind(obj.Signature()) != resultOther {
				return true
			}
		case *types.TypeName:
			n := analysisutil.NamedType(obj.Type())
			if n == nil {
				continue
			}
			for i := range n.NumMethods() {
				if m := n.Method(i); m.Exported() && kind(m.Signature()) != resultOther {
					return true
				}
			}
		}
	}
	return false
}

// embeddedClient returns the index of the embedded *kgo.Client field of the
// struct t points to, or -1: a wrapper type that other packages use as the
// client (type Client struct{ *kgo.Client; ... }).
func embeddedClient(t types.Type) int {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return -1
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return -1
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && f.Exported() && isClientPtr(f.Type()) {
			return i
		}
	}
	return -1
}

// returned returns the *kgo.Client value a return statement returns.
func (r *Result) returned(ret *ssa.Return) ([]ssa.Value, bool) {
	return []ssa.Value{ret.Results[0]}, true
}

// embeddedIn returns the *kgo.Client values stored into the embedded client
// field of the wrapper a return statement returns (return &Client{Client:
// cl}); ok is false when the wrapper is not a struct the function builds.
func (r *Result) embeddedIn(ret *ssa.Return) ([]ssa.Value, bool) {
	idx := embeddedClient(ret.Results[0].Type())
	tr := r.G.Roots(ret.Results[0])
	if idx < 0 || !tr.Complete {
		return nil, false
	}
	var out []ssa.Value
	for _, root := range tr.Roots {
		if k, ok := root.(*ssa.Const); ok && k.Value == nil {
			continue // return nil, err
		}
		a, ok := root.(*ssa.Alloc)
		if !ok {
			return nil, false
		}
		// The wrapper is returned (Writes says it escapes): what matters is
		// the client the function itself puts into it.
		stores, _ := valueflow.Writes(a)
		for _, st := range stores {
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == a && fa.Field == idx {
				out = append(out, st.Val)
			}
		}
	}
	return out, true
}

// clientSummary returns the summary of fn, which returns a client (values
// gives the *kgo.Client values of a return statement): the one client of the
// package that every non-nil returned client is, with its options; nil when
// the returned clients are not one traced client.
func (r *Result) clientSummary(fn *ssa.Function, values func(*ssa.Return) ([]ssa.Value, bool)) *Summary {
	var cl *Client
	for _, ret := range valueflow.Returns(fn) {
		vs, ok := values(ret)
		if !ok {
			return nil
		}
		for _, v := range vs {
			tr := r.G.Roots(v)
			if !tr.Complete {
				return nil
			}
			for _, root := range tr.Roots {
				if k, ok := root.(*ssa.Const); ok && k.Value == nil {
					continue // return nil, err
				}
				c := r.byCall[valueflow.CallOf(root)]
				if c == nil || (cl != nil && c != cl) {
					return nil
				}
				cl = c
			}
		}
	}
	if cl == nil {
		return nil
	}
	cl = r.through(fn, cl)
	s := r.summaryOf(fn, cl)
	for _, o := range cl.Options {
		s.Options = append(s.Options, FactOption{Name: o.Name, Maybe: !cl.Always(o)})
	}
	return s
}

// through returns the client cl, which fn returns, as fn builds it: the
// options forwarded to a parameter of another function of the package that
// fn calls (an exported constructor forwarding to another exported
// constructor, NewConsumer(brokers, group, opts...) calling NewClient(cfg,
// append(group's, opts...)...)) are the arguments of fn's calls of it, and
// fn's own parameters are the ones left open. cl itself is not changed: it
// is the client of the package's other calls too. A parameter of a function
// fn does not call directly (a chain of constructors) stays open, and the
// summary incomplete.
func (r *Result) through(fn *ssa.Function, cl *Client) *Client {
	if !slices.ContainsFunc(cl.open, func(p *ssa.Parameter) bool { return p.Parent() != fn }) {
		return cl
	}
	d := &Client{Call: cl.Call, Via: cl.Via, Options: slices.Clone(cl.Options), partial: cl.partial, embedded: cl.embedded, entries: maps.Clone(cl.entries), setters: cl.setters}
	seen, opts := make(map[ssa.Value]bool), make(map[*Option]bool)
	for _, o := range d.Options {
		opts[o] = true
	}
	for _, p := range cl.open {
		g := p.Parent()
		if g == fn {
			if !slices.Contains(d.open, p) {
				d.open = append(d.open, p)
			}
			continue
		}
		idx := slices.Index(g.Params, p)
		calls := staticCalls(fn, g)
		if idx < 0 || len(calls) == 0 {
			d.open = append(d.open, p) // another function's: incomplete
			continue
		}
		for _, call := range calls {
			args := call.Common().Args
			if idx >= len(args) {
				d.partial = true
				continue
			}
			r.collect(d, args[idx], seen, opts)
		}
	}
	return d
}

// staticCalls returns the calls of g in fn's body.
func staticCalls(fn, g *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && call.Common().StaticCallee() == g {
				out = append(out, call)
			}
		}
	}
	return out
}

// optionsSummary returns the summary of fn, which returns kgo options (one,
// or a slice of them).
func (r *Result) optionsSummary(fn *ssa.Function) *Summary {
	c := &Client{}
	seen, opts := make(map[ssa.Value]bool), make(map[*Option]bool)
	_, slice := fn.Signature.Results().At(0).Type().Underlying().(*types.Slice)
	rets := valueflow.Returns(fn)
	for _, ret := range rets {
		v := ret.Results[0]
		if slice {
			r.collect(c, v, seen, opts)
			continue
		}
		// One option: its roots are option calls.
		tr := r.G.Roots(v)
		if !tr.Complete {
			c.partial = true
		}
		for _, root := range tr.Roots {
			call := valueflow.CallOf(root)
			if o := r.options[call]; o != nil && !opts[o] {
				opts[o] = true
				c.Options = append(c.Options, o)
				continue
			}
			if k, ok := root.(*ssa.Const); ok && k.Value == nil {
				continue
			}
			c.partial = true
		}
	}
	s := r.summaryOf(fn, c)
	for _, o := range c.Options {
		always := false
		if slice {
			for _, st := range c.entries[o] {
				always = always || dominatesReturns(st.Block())
			}
		} else {
			always = len(c.Options) == 1 && len(rets) > 0
		}
		if o.From != nil {
			always = o.always && dominatesReturns(o.Call.Block())
		}
		s.Options = append(s.Options, FactOption{Name: o.Name, Maybe: !always})
	}
	if len(s.Options) == 0 && s.Param == 0 {
		return nil
	}
	return s
}

// paramIndex returns the index of p among fn's parameters, the receiver
// first for a method: the index of its argument in a static call.
// summaryOf starts fn's summary from client c: complete when c's options are
// all known, with the one parameter of fn they may also come from (a second
// parameter, or one of another function, makes it incomplete).
func (r *Result) summaryOf(fn *ssa.Function, c *Client) *Summary {
	s := &Summary{Complete: !c.partial}
	open := slices.Clone(c.open)
	for _, p := range c.setters {
		g := p.Parent()
		obj, _ := g.Object().(*types.Func)
		switch {
		case g == fn || obj == nil:
			open = append(open, p)
		case len(r.G.StaticCallers(g)) > 0:
			s.Complete = false // the package adds options through it itself
		case !slices.Contains(s.Setters, obj.FullName()):
			s.Setters = append(s.Setters, obj.FullName())
		}
	}
	for _, p := range open {
		if p.Parent() != fn {
			s.Complete = false
			continue
		}
		idx := paramIndex(fn, p)
		switch {
		case s.Param == 0:
			s.Param = idx + 1
		case s.Param != idx+1:
			s.Complete = false
		}
	}
	return s
}

func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}

// dominatesReturns reports whether b dominates every return of its function
// (of the summarised function, or of a helper it calls, whose call is judged
// where the helper is called).
func dominatesReturns(b *ssa.BasicBlock) bool {
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
