package kafkagoreader

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kafkagoapi"
	"github.com/kafkalint/kafkalint/internal/noreturn"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports kafka-go readers configured to read less than meant. See
// the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new kafkagoreader analyzer, with its own flags.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "kafkagoreader",
		Doc:       analysisutil.MustExtractDoc(doc, "kafkagoreader"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, clientgraph.Analyzer, noreturn.Analyzer},
		FactTypes: []analysis.Fact{new(ReaderFact)},
	}
	readMessage := a.Flags.Bool("readmessage", false, "also report ReadMessage on a group reader followed by processing that can fail (at-most-once)")
	analysisutil.Setup(a, func(pass *analysis.Pass) { run(pass, *readMessage) })
	return a
}

// Categories of the diagnostics.
const (
	categoryPartition   = "partitionzero"      // no GroupID and no Partition
	categoryStartOffset = "startoffsetignored" // StartOffset without GroupID
	categoryGroupOnly   = "grouponly"          // a group-only call on a reader without GroupID, or the converse
	categoryNoCommit    = "fetchnocommit"      // FetchMessage on a group reader nothing commits
	categoryReadCommits = "readcommits"        // ReadMessage on a group reader before fallible processing (opt-in)
	// categoryErrFallthrough (fetcherr.go): the message of a failed read used after the error check
)

func run(pass *analysis.Pass, readMessage bool) {
	cg := pass.ResultOf[clientgraph.Analyzer].(*clientgraph.Result)
	if len(cg.Imports(clients.KafkaGo)) == 0 {
		return // the package does not use kafka-go
	}
	nr := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	fetchErrors(pass, pass.Files, nr)
	facts := importsFacts(pass)
	exports := exportsReaders(pass.Pkg)
	if !usesNewReader(pass) && len(facts) == 0 && !exports {
		return // builds no reader, gets none from another package, hands none on: no SSA form needed
	}
	in := analysisutil.InspectorOf(pass)
	g := cg.Graph()
	if g.Broken() {
		return // no SSA form (see internal/valueflow)
	}
	c := &checker{pass: pass, g: g, lits: make(map[token.Pos]*ast.CompositeLit), readers: make(map[*ssa.Call]*config), facts: facts}
	for cur := range in.Root().Preorder((*ast.CompositeLit)(nil)) {
		n := cur.Node().(*ast.CompositeLit)
		c.lits[n.Lbrace] = n
	}
	var methods []ssa.CallInstruction
	for _, fn := range g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if readerIfaceCall(call.Common()) {
					methods = append(methods, call) // a reader behind the program's own interface
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				f, _ := callee.Object().(*types.Func)
				switch {
				case kafkagoapi.IsFunc(f, kafkagoapi.NewReader):
					if sc, ok := call.(*ssa.Call); ok && len(sc.Call.Args) == 1 {
						c.newReader(sc)
					}
				case c.facts[f] != nil && c.facts[f].Reader:
					// A reader built by a constructor of another package:
					// its configuration is judged there, its uses here.
					if sc, ok := call.(*ssa.Call); ok && c.facts[f].Complete {
						cfg := &config{set: make(map[string]bool), complete: true}
						fromFact(cfg, c.facts[f])
						c.readers[sc] = cfg
					}
				case kafkagoapi.IsReaderMethod(f, readerMethods...) && len(call.Common().Args) > 0:
					methods = append(methods, call)
				}
			}
		}
	}
	for _, m := range methods {
		switch method(m).Name() {
		case "FetchMessage":
			c.fetchNoCommit(m, methods)
		case "ReadMessage":
			if readMessage {
				c.readCommits(m)
			}
		default:
			c.groupOnly(m)
		}
	}
	if exports {
		c.exportFacts()
	}
	c.flush()
}

// usesNewReader reports whether the package refers to kafka.NewReader.
func usesNewReader(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && kafkagoapi.IsFunc(fn, kafkagoapi.NewReader) {
			return true
		}
	}
	return false
}

type checker struct {
	pass    *analysis.Pass
	g       *valueflow.Graph
	lits    map[token.Pos]*ast.CompositeLit // by Lbrace
	readers map[*ssa.Call]*config           // NewReader calls (and constructors' calls) whose configuration is known whole
	facts   map[*types.Func]*ReaderFact     // the facts of other packages' functions the package calls
	escapes map[*ssa.Call]bool              // NewReader calls whose readers leave the package's sight
	queue   []analysis.Diagnostic
	ctx     []valueflow.CallEdge // while fields judges one call of a helper: that call
}

// A config is what a ReaderConfig given to NewReader may hold.
type config struct {
	set      map[string]bool // fields that may be set (GroupID: to a value other than "")
	start    bool            // StartOffset may be set to something other than FirstOffset
	complete bool            // every source of the value was traced
	lit      *ast.CompositeLit
}

// report queues d; flush reports the queue in source order (the SSA
// package's function order follows a map).
func (c *checker) report(d analysis.Diagnostic) { c.queue = append(c.queue, d) }

func (c *checker) flush() {
	sort.SliceStable(c.queue, func(i, j int) bool { return analysisutil.Before(c.pass.Fset, c.queue[i].Pos, c.queue[j].Pos) })
	for _, d := range c.queue {
		c.pass.Report(d)
	}
}

func (c *checker) related(cfg *config) []analysis.RelatedInformation {
	if cfg.lit == nil {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: cfg.lit.Pos(), End: cfg.lit.End(), Message: "the reader's configuration"}}
}

// newReader checks the configuration of one NewReader call.
func (c *checker) newReader(call *ssa.Call) {
	cfg := &config{set: make(map[string]bool), complete: true}
	c.fields(cfg, call.Call.Args[0], make(map[ssa.Value]bool))
	at := c.g.CallExpr(call)
	if !cfg.complete || at == nil {
		return
	}
	c.readers[call] = cfg
	partition, start := misses(cfg), cfg.start && !cfg.set[kafkagoapi.GroupID]
	var partitionAt, startAt []analysis.RelatedInformation
	if partition {
		partitionAt = c.related(cfg)
	}
	if start {
		startAt = c.related(cfg)
	}
	if !partition || !start {
		// A helper that builds every reader (func reader(cfg
		// kafka.ReaderConfig) *kafka.Reader): what some callers set does
		// not make another caller's reader right. Each call is judged
		// with the configuration it gives.
		for _, hc := range c.helperCalls(call) {
			if !partition && misses(hc.cfg) {
				partitionAt = append(partitionAt, hc.related())
			}
			if !start && hc.cfg.start && !hc.cfg.set[kafkagoapi.GroupID] {
				startAt = append(startAt, hc.related())
			}
		}
	}
	for _, rel := range [][]analysis.RelatedInformation{partitionAt, startAt} {
		sort.SliceStable(rel, func(i, j int) bool { return analysisutil.Before(c.pass.Fset, rel[i].Pos, rel[j].Pos) }) // StaticCallers' order follows the SSA package's
	}
	if len(partitionAt) > 0 || partition {
		c.report(analysis.Diagnostic{
			Pos: at.Pos(), End: at.End(), Category: categoryPartition,
			Message: "kafka.NewReader without GroupID or Partition reads partition 0 only, set GroupID to consume every partition or Partition to name the one (the topic's other partitions are never read)",
			Related: partitionAt,
		})
	}
	if len(startAt) > 0 || start {
		c.report(analysis.Diagnostic{
			Pos: at.Pos(), End: at.End(), Category: categoryStartOffset,
			Message: "kafka.NewReader with StartOffset but without GroupID ignores it, call SetOffset on the reader instead (a reader without GroupID starts at FirstOffset)",
			Related: startAt,
		})
	}
}

// misses reports whether a reader of configuration cfg reads partition 0
// only: neither GroupID, nor Partition, nor GroupTopics may be set.
func misses(cfg *config) bool {
	return !cfg.set[kafkagoapi.GroupID] && !cfg.set[kafkagoapi.Partition] && !cfg.set[kafkagoapi.GroupTopics]
}

// A helperCall is a call of the function that makes a NewReader call, and
// the configuration that NewReader is given at that call.
type helperCall struct {
	call ssa.CallInstruction
	cfg  *config
	at   *ast.CallExpr
	own  bool // cfg.lit is in the helper's body
}

// related points at the call's configuration literal, or else (or when the
// literal is the helper's own, filled from its parameters) at the call.
func (hc helperCall) related() analysis.RelatedInformation {
	if hc.cfg.lit != nil && !hc.own {
		return analysis.RelatedInformation{Pos: hc.cfg.lit.Pos(), End: hc.cfg.lit.End(), Message: "the reader's configuration"}
	}
	return analysis.RelatedInformation{Pos: hc.at.Pos(), End: hc.at.End(), Message: "the reader's configuration is given here"}
}

// helperCalls returns, when the function that makes the NewReader call is
// a function of the package called by name (not a function literal), each
// of its calls in the package whose configuration is known whole, with it:
// the configuration that reaches NewReader when the function runs from that
// call.
func (c *checker) helperCalls(call *ssa.Call) []helperCall {
	fn := call.Parent()
	if fn == nil || fn.Parent() != nil || fn.Synthetic != "" {
		return nil
	}
	var out []helperCall
	for _, hc := range c.g.StaticCallers(fn) {
		at := c.g.CallExpr(hc)
		if at == nil {
			continue
		}
		cfg := &config{set: make(map[string]bool), complete: true}
		c.ctx = []valueflow.CallEdge{{Call: hc, Callee: fn}}
		c.fields(cfg, call.Call.Args[0], make(map[ssa.Value]bool))
		c.ctx = nil
		if cfg.complete {
			own := false
			if syn := fn.Syntax(); syn != nil && cfg.lit != nil {
				own = syn.Pos() <= cfg.lit.Pos() && cfg.lit.End() <= syn.End()
			}
			out = append(out, helperCall{call: hc, cfg: cfg, at: at, own: own})
		}
	}
	return out
}

// fields records in cfg the fields of kafka.ReaderConfig that the value v may
// have set.
func (c *checker) fields(cfg *config, v ssa.Value, seen map[ssa.Value]bool) {
	if seen[v] {
		return
	}
	seen[v] = true
	tr := c.g.Roots(v)
	if c.ctx != nil {
		tr = c.g.RootsIn(v, c.ctx)
	}
	if !tr.Complete {
		cfg.complete = false
	}
	for _, p := range tr.Via {
		if a, ok := p.(*ssa.Alloc); ok {
			c.allocFields(cfg, a, seen)
		}
	}
	for _, root := range tr.Roots {
		switch root := root.(type) {
		case *ssa.Alloc:
			c.allocFields(cfg, root, seen)
		case *ssa.Const:
			// the zero ReaderConfig
		default:
			if f := c.factOf(valueflow.CallOf(root)); f != nil && !f.Reader {
				fromFact(cfg, f) // a configuration helper of another package
				continue
			}
			cfg.complete = false
		}
	}
}

// allocFields records the fields stored into the ReaderConfig variable or
// literal a.
func (c *checker) allocFields(cfg *config, a *ssa.Alloc, seen map[ssa.Value]bool) {
	if seen[a] {
		return
	}
	seen[a] = true
	if !kafkagoapi.IsReaderConfig(a.Type()) {
		return
	}
	if lit := c.lits[a.Pos()]; lit != nil && cfg.lit == nil {
		cfg.lit = lit
	}
	stores, escapes := valueflow.Writes(a)
	if escapes {
		cfg.complete = false // &cfg given away: anything may be set through it
	}
	for _, st := range stores {
		if st.Addr == a {
			c.fields(cfg, st.Val, seen) // the whole value
			continue
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || fa.X != a {
			continue
		}
		f := valueflow.FieldOf(fa)
		if f == nil {
			continue
		}
		switch f.Name() {
		case kafkagoapi.GroupID:
			if c.noGroup(st.Val) {
				continue // no group
			}
		case kafkagoapi.StartOffset:
			if k, ok := st.Val.(*ssa.Const); ok && k.Value != nil {
				if n, ok := constant.Int64Val(k.Value); ok && n == -2 {
					continue // FirstOffset: where such a reader starts anyway
				}
			}
			cfg.start = true
		}
		if kafkagoapi.IsConfigField(f, f.Name()) {
			cfg.set[f.Name()] = true
		}
	}
}

// noGroup reports whether v, a value stored into GroupID, is "": a constant,
// or, while fields judges one call of a helper (c.ctx), a parameter that
// call gives "" on every path (consumer(url, topic, "") of func
// consumer(url, topic, groupID string) *kafka.Reader). Outside a call, a
// parameter is a group, which helperCalls then judges call by call.
func (c *checker) noGroup(v ssa.Value) bool {
	if s, ok := valueflow.ConstString(v); ok {
		return s == ""
	}
	if c.ctx == nil {
		return false
	}
	if arg, idx, ok := c.argField(v); ok && unsetIn(arg, idx) {
		return true // the caller's own configuration struct leaves it out
	}
	tr := c.g.RootsIn(v, c.ctx)
	if !tr.Complete || len(tr.Roots) == 0 {
		return false
	}
	for _, root := range tr.Roots {
		if s, ok := valueflow.ConstString(root); !ok || s != "" {
			return false
		}
	}
	return true
}

// argField returns, when v reads field idx of a parameter of the helper
// whose call fields is judging (cfg.GroupID in func newConsumer(cfg
// consumerConfig) *kafka.Reader: the program's own configuration struct,
// passed by value), the argument that call gives for the parameter.
func (c *checker) argField(v ssa.Value) (arg ssa.Value, idx int, ok bool) {
	var x ssa.Value
	switch v := v.(type) {
	case *ssa.Field:
		x, idx = v.X, v.Field
	case *ssa.UnOp:
		fa, isField := v.X.(*ssa.FieldAddr)
		if v.Op != token.MUL || !isField {
			return nil, 0, false
		}
		x, idx = fa.X, fa.Field
	default:
		return nil, 0, false
	}
	if a, isAlloc := x.(*ssa.Alloc); isAlloc {
		x = copiedParam(a, idx) // the parameter's local copy (its address is taken)
	}
	p, isParam := x.(*ssa.Parameter)
	if !isParam || len(c.ctx) != 1 || p.Parent() != c.ctx[0].Callee {
		return nil, 0, false
	}
	i := slices.Index(p.Parent().Params, p)
	args := c.ctx[0].Call.Common().Args
	if i < 0 || i >= len(args) {
		return nil, 0, false
	}
	return args[i], idx, true
}

// copiedParam returns the parameter a, a local variable of the helper, is a
// copy of, when that copy is all that defines it and nothing stores into its
// field idx; a itself otherwise.
func copiedParam(a *ssa.Alloc, idx int) ssa.Value {
	stores, escapes := valueflow.Writes(a)
	var p *ssa.Parameter
	for _, st := range stores {
		if st.Addr == a {
			q, ok := st.Val.(*ssa.Parameter)
			if !ok || p != nil {
				return a
			}
			p = q
			continue
		}
		if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == a && fa.Field == idx {
			return a
		}
	}
	if p == nil || escapes {
		return a
	}
	return p
}

// unsetIn reports whether field idx of arg, a struct value a caller builds
// (a composite literal, a local variable), is "" when the call is made: no
// store into it other than of the constant "", nothing that may write the
// whole value or write through its address.
func unsetIn(arg ssa.Value, idx int) bool {
	if u, ok := arg.(*ssa.UnOp); ok && u.Op == token.MUL {
		arg = u.X // the value of a local variable
	}
	a, ok := arg.(*ssa.Alloc)
	if !ok {
		return false
	}
	stores, escapes := valueflow.Writes(a)
	if escapes {
		return false
	}
	for _, st := range stores {
		if st.Addr == a {
			return false // the whole value, from elsewhere
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || fa.X != a || fa.Field != idx {
			continue // another field, or a part of one
		}
		if s, ok := valueflow.ConstString(st.Val); !ok || s != "" {
			return false
		}
	}
	return true
}

// groupOnly reports CommitMessages on a reader without GroupID and SetOffset
// or ReadLag on a reader with one: they return an error and do nothing.
func (c *checker) groupOnly(call ssa.CallInstruction) {
	f := method(call)
	at := c.g.CallExpr(call)
	if f == nil || at == nil {
		return
	}
	if !errorIgnored(call) {
		return // the program sees the error
	}
	tr := c.g.Roots(receiver(call))
	wantGroup := slices.Contains(kafkagoapi.GroupOnly, f.Name())
	for _, root := range tr.Roots {
		nr := valueflow.CallOf(root)
		if nr == nil {
			continue
		}
		cfg := c.readers[nr]
		if cfg == nil || cfg.set[kafkagoapi.GroupID] == wantGroup {
			continue
		}
		recv := analysisutil.ConsumerName(analysisutil.Receiver(at))
		msg := fmt.Sprintf("%s.%s on a reader without GroupID always fails and its error is ignored, set GroupID or drop the call (nothing is committed)", recv, f.Name())
		if !wantGroup {
			msg = fmt.Sprintf("%s.%s on a reader with GroupID always fails and its error is ignored, drop the call or the GroupID (it does nothing: the group's committed offsets decide where the reader starts)", recv, f.Name())
		}
		c.report(analysis.Diagnostic{
			Pos: at.Pos(), End: at.End(), Category: categoryGroupOnly,
			Message: msg,
			Related: c.related(cfg),
		})
		return
	}
}

// errorIgnored reports whether the error result of call, its last, is never
// used.
func errorIgnored(call ssa.CallInstruction) bool {
	v := call.Value()
	if v == nil {
		return true // go or defer
	}
	if tup, ok := v.Type().(*types.Tuple); ok {
		last := tup.Len() - 1
		refs := v.Referrers()
		if refs == nil {
			return true
		}
		for _, r := range *refs {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == last && used(ex) {
				return false
			}
		}
		return true
	}
	return !used(v)
}

// used reports whether v has a referrer other than debug information.
func used(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// groupReaders returns the NewReader calls with a GroupID that the reader
// value v may come from (a traced root proves a report; the others excuse none).
func (c *checker) groupReaders(v ssa.Value) []*ssa.Call {
	var calls []*ssa.Call
	for _, root := range c.g.Roots(v).Roots {
		nr := valueflow.CallOf(root)
		if cfg := c.readers[nr]; cfg != nil && cfg.set[kafkagoapi.GroupID] {
			calls = append(calls, nr)
		}
	}
	return calls
}

// fetchNoCommit reports FetchMessage on a group reader on which nothing in the
// package commits, when the reader does not leave the package's sight.
func (c *checker) fetchNoCommit(fetch ssa.CallInstruction, methods []ssa.CallInstruction) {
	at := c.g.CallExpr(fetch)
	readers := c.groupReaders(receiver(fetch))
	if at == nil || len(readers) == 0 {
		return
	}
	escaping := c.escaping()
	for _, nr := range readers {
		if escaping[nr] {
			return // CommitMessages may be called where the package cannot see
		}
	}
	for _, m := range methods {
		if method(m).Name() != "CommitMessages" {
			continue
		}
		tr := c.g.Roots(receiver(m))
		if !tr.Complete {
			return // a commit on a reader of unknown origin: it may be this one
		}
		for _, root := range tr.Roots {
			if slices.Contains(readers, valueflow.CallOf(root)) {
				return
			}
		}
	}
	recv := analysisutil.ConsumerName(analysisutil.Receiver(at))
	c.report(analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: categoryNoCommit,
		Message: fmt.Sprintf("%s.FetchMessage on a group reader, and nothing commits on it, call %s.CommitMessages after processing (FetchMessage does not commit: every restart reads again from the group's last committed offset)", recv, recv),
		Related: c.related(c.readers[readers[0]]),
	})
}

// escaping returns the NewReader calls whose readers leave the package's sight.
func (c *checker) escaping() map[*ssa.Call]bool {
	if c.escapes != nil {
		return c.escapes
	}
	c.escapes = make(map[*ssa.Call]bool)
	isReader := func(t types.Type) bool {
		_, ok := t.Underlying().(*types.Pointer)
		return ok && kafkagoapi.IsReader(t)
	}
	// A reader converted to the program's own reader interface escapes when
	// the interface value does: the calls through it are followed.
	vals := c.g.EscapingBut(isReader, kafkagoapi.IsPackage, isReaderIface)
	vals = append(vals, c.g.Escaping(isReaderIface, kafkagoapi.IsPackage)...)
	for _, v := range vals {
		for _, root := range c.g.Roots(v).Roots {
			if nr := valueflow.CallOf(root); nr != nil {
				c.escapes[nr] = true
			}
		}
	}
	return c.escapes
}

// readerMethods are the *kafka.Reader methods the rules look at.
var readerMethods = slices.Concat(kafkagoapi.GroupOnly, kafkagoapi.NotWithGroup, kafkagoapi.Reads)

// isReaderIface reports whether t is an interface of the program's with one
// of the reader's methods (type Reader interface { FetchMessage(...);
// CommitMessages(...) }): calls through it on a reader are followed.
func isReaderIface(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || kafkagoapi.IsPackage(n.Obj().Pkg()) {
		return false
	}
	iface, ok := n.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for i := range iface.NumMethods() {
		if slices.Contains(readerMethods, iface.Method(i).Name()) {
			return true
		}
	}
	return false
}

// readerIfaceCall reports whether c calls one of the reader's methods through
// a reader interface of the program.
func readerIfaceCall(c *ssa.CallCommon) bool {
	return c.IsInvoke() && slices.Contains(readerMethods, c.Method.Name()) && isReaderIface(c.Value.Type())
}

// method returns the method a reader call calls: the *kafka.Reader method, or
// the interface method it is called through.
func method(call ssa.CallInstruction) *types.Func {
	c := call.Common()
	if c.IsInvoke() {
		return c.Method
	}
	f, _ := c.StaticCallee().Object().(*types.Func)
	return f
}

// receiver returns the reader value a reader call is made on.
func receiver(call ssa.CallInstruction) ssa.Value {
	c := call.Common()
	if c.IsInvoke() {
		return c.Value
	}
	return c.Args[0]
}

// readCommits reports ReadMessage on a group reader when, after it, the
// function calls something whose error it checks: ReadMessage has committed
// the message already, and a failure (or a crash) loses it.
func (c *checker) readCommits(read ssa.CallInstruction) {
	at := c.g.CallExpr(read)
	readers := c.groupReaders(receiver(read))
	if at == nil || len(readers) == 0 {
		return
	}
	failing := fallibleAfter(read)
	if failing == nil {
		return
	}
	recv := analysisutil.ConsumerName(analysisutil.Receiver(at))
	d := analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: categoryReadCommits,
		Message: fmt.Sprintf("%s.ReadMessage on a group reader commits the message before it is processed, use FetchMessage and call CommitMessages after processing (a processing error or a crash loses the message)", recv),
		Related: c.related(c.readers[readers[0]]),
	}
	if e := c.g.CallExpr(failing); e != nil {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: e.Pos(), End: e.End(), Message: "processing that can fail"})
	}
	c.report(d)
}

// fallibleAfter returns a call, after read in its function's control flow, of
// another function whose error result the function uses, or nil.
func fallibleAfter(read ssa.CallInstruction) ssa.CallInstruction {
	start := read.Block()
	seen := map[*ssa.BasicBlock]bool{}
	queue := []*ssa.BasicBlock{start}
	first := true
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		after := !first || b != start
		first = false
		for _, instr := range b.Instrs {
			if instr == read {
				after = true
				continue
			}
			call, ok := instr.(ssa.CallInstruction)
			if !after || !ok || call.Value() == nil {
				continue
			}
			if callee := call.Common().StaticCallee(); callee != nil && callee.Object() != nil && kafkagoapi.IsPackage(callee.Object().Pkg()) {
				continue // the reader's own calls (ReadMessage again, Close)
			}
			if readerIfaceCall(call.Common()) {
				continue // the same through the program's interface
			}
			if returnsError(call.Common().Signature()) && !errorIgnored(call) {
				return call
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				queue = append(queue, s)
			}
		}
	}
	return nil
}

// returnsError reports whether the last result of sig is an error.
func returnsError(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() == 0 {
		return false
	}
	t := res.At(res.Len() - 1).Type()
	return types.Identical(t, types.Universe.Lookup("error").Type())
}
