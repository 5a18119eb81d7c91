package storeoffset

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/format"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports StoreOffsets, CommitOffsets and SendOffsetsToTransaction
// calls that store, commit or send a consumed message's own offset instead of
// the next one. See the package doc.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new storeoffset analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "storeoffset",
		Doc:       analysisutil.MustExtractDoc(doc, "storeoffset"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, pkgindex.Analyzer},
		FactTypes: []analysis.Fact{new(StoresFact)},
	}
	analysisutil.Setup(a, run)
	return a
}

// StoresFact marks an exported function that passes some of its parameters,
// unchanged, to a consumer's StoreOffsets or CommitOffsets or a producer's
// SendOffsetsToTransaction (directly, through an interface of its package, or
// through another such function): a caller in another package that gives it a
// consumed message's TopicPartition, or a slice of them, stores the message's
// own offset.
type StoresFact struct {
	Params []int  // indexes among the signature's parameters, receiver excluded
	Method string // StoreOffsets, CommitOffsets or SendOffsetsToTransaction
}

func (*StoresFact) AFact() {}
func (f *StoresFact) String() string {
	return fmt.Sprintf("stores params %v (%s)", f.Params, f.Method)
}

// Categories of the diagnostics.
const (
	categoryStore  = "storeoffbyone"  // StoreOffsets of a message's own offset
	categoryCommit = "commitoffbyone" // CommitOffsets of a message's own offset
	categoryTxn    = "txnoffset"      // SendOffsetsToTransaction of a message's own offset
)

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	cs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	g := cs.Graph()
	in := analysisutil.InspectorOf(pass)
	checkAutoStore(pass, in, kc, cs)
	// Find the calls first: most packages that use the library store nothing,
	// and need no SSA form.
	var sites []site
	for fc := range in.Root().Children() {
		for cur := range fc.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if call.Ellipsis.IsValid() {
				continue
			}
			if len(call.Args) == 1 {
				if fn := storeMethod(pass, cs, call); fn != nil {
					sites = append(sites, site{call: call, method: fn.Name(), fn: fn})
					continue
				}
			}
			if len(call.Args) == 3 {
				if fn := txnMethod(pass, call); fn != nil {
					sites = append(sites, site{call: call, arg: 1, method: fn.Name(), fn: fn})
					continue
				}
			}
			sites = append(sites, helperSites(pass, call)...)
		}
	}
	if len(sites) == 0 || g.Broken() {
		return
	}
	t := newTracer(pass.Pkg, in, pass.TypesInfo, g)
	t.storedAsIs = func(fn *types.Func, i int) bool {
		var f StoresFact
		if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
			return false
		}
		for _, p := range f.Params {
			if p == i {
				return true
			}
		}
		return false
	}
	facts := make(map[*types.Func]*StoresFact)
	for _, s := range sites {
		t.params = nil
		t.accept = func(o *origin) bool { return !unprocessed(pass, in, cs, s, o) }
		v := g.ValueOf(s.call.Args[s.arg])
		var o *origin
		if isTPSlice(s.paramType()) {
			o = t.rawSlice(v)
		} else {
			o = t.rawTP(v)
		}
		if o != nil {
			pass.Report(diagnostic(pass, s, o))
		}
		for _, p := range t.params {
			addParam(facts, p, s.method)
		}
	}
	for fn, f := range facts {
		if fn.Pkg() == pass.Pkg {
			pass.ExportObjectFact(fn, f)
		}
	}
}

// A site is an argument that a call stores as is: the argument of the
// consumer's StoreOffsets or CommitOffsets, the offsets of the producer's
// SendOffsetsToTransaction, or an argument that a function of another package
// with a StoresFact passes to one.
type site struct {
	call   *ast.CallExpr
	arg    int
	method string      // StoreOffsets, CommitOffsets or SendOffsetsToTransaction
	fn     *types.Func // the consumer's or producer's method, or the helper
	helper bool
}

// paramType returns the type of the parameter the site's argument is given to.
func (s site) paramType() types.Type {
	params := s.fn.Signature().Params()
	if s.arg < params.Len() {
		return params.At(s.arg).Type()
	}
	return nil
}

// helperSites returns the arguments of call that a function of another
// package stores as is, according to its StoresFact.
func helperSites(pass *analysis.Pass, call *ast.CallExpr) []site {
	fn := typeutil.StaticCallee(pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || fn.Signature().Variadic() {
		return nil
	}
	var f StoresFact
	if !pass.ImportObjectFact(fn, &f) {
		return nil
	}
	var out []site
	for _, i := range f.Params {
		if i >= 0 && i < len(call.Args) {
			out = append(out, site{call: call, arg: i, method: f.Method, fn: fn, helper: true})
		}
	}
	return out
}

// addParam records that the parameter p is stored as is by method, when other
// packages can call its function.
func addParam(facts map[*types.Func]*StoresFact, p *ssa.Parameter, method string) {
	fn := p.Parent()
	obj, ok := fn.Object().(*types.Func)
	if !ok || !valueflow.Exported(fn) {
		return
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if fn.Signature.Recv() != nil {
		idx--
	}
	if idx < 0 {
		return
	}
	f := facts[obj]
	if f == nil {
		f = &StoresFact{Method: method}
		facts[obj] = f
	}
	for _, i := range f.Params {
		if i == idx {
			return
		}
	}
	f.Params = append(f.Params, idx)
	sort.Ints(f.Params)
}

// storeMethod returns the consumer's StoreOffsets or CommitOffsets method that
// call reaches, statically or through an interface of the program's own or an
// adapter that holds a *kafka.Consumer, or nil.
func storeMethod(pass *analysis.Pass, cs *pkgindex.Result, call *ast.CallExpr) *types.Func {
	fn := analysisutil.CalledFunc(pass.TypesInfo, call)
	if fn == nil || (fn.Name() != "StoreOffsets" && fn.Name() != "CommitOffsets") {
		return nil // the cheap test first: only methods of these names can reach one
	}
	return kafkaapi.ConsumerMethod(pass.TypesInfo, cs, call, "StoreOffsets", "CommitOffsets")
}

// txnMethod returns the producer's SendOffsetsToTransaction method that call
// reaches statically (also promoted from an embedded *kafka.Producer), or nil.
// A call through an interface of the program's own is not recognised: nothing
// says its values are producers.
func txnMethod(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fn := analysisutil.CalledFunc(pass.TypesInfo, call)
	if fn == nil || fn.Name() != "SendOffsetsToTransaction" || !kafkaapi.IsMethod(fn, "Producer", "SendOffsetsToTransaction") {
		return nil
	}
	return fn
}

// diagnostic builds the report for call, whose argument holds the offset that o
// takes from a consumed message.
func diagnostic(pass *analysis.Pass, s site, o *origin) analysis.Diagnostic {
	call, fn := s.call, s.fn
	method, verb, category := "StoreOffsets", "stores", categoryStore
	consequence := "after a restart or rebalance consumption resumes at this message, which is delivered again"
	switch s.method {
	case "CommitOffsets":
		method, verb, category = "CommitOffsets", "commits", categoryCommit
	case "SendOffsetsToTransaction":
		method, verb, category = "SendOffsetsToTransaction", "sends", categoryTxn
		consequence = "the transaction commits it as the group's offset: after a restart or rebalance consumption resumes at this message, which is processed again"
	}
	recv := "consumer"
	if s.method == "SendOffsetsToTransaction" {
		recv = "producer"
	}
	sel, _ := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if sel != nil {
		if s := source(pass, sel.X); s != "" && len(s) <= 30 {
			recv = s
		}
	}
	name := recv + "." + method
	if s.helper {
		// offsets.Store(c, m.TopicPartition): the helper stores it as is.
		name = fn.Name()
		if f := source(pass, call.Fun); f != "" && len(f) <= 40 {
			name = f
		}
	}
	msg := "the message"
	if s := source(pass, o.msg); s != "" && len(s) <= 30 {
		msg = "message " + s
	}
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.End(),
		Category: category,
		Message: fmt.Sprintf("%s %s the offset of %s itself, not the next one (%s)",
			name, verb, msg, consequence),
	}
	if sel != nil {
		d.Pos, d.End = sel.Pos(), sel.End()
	}
	if o.at.Pos() < call.Pos() || o.at.Pos() >= call.End() {
		d.Related = []analysis.RelatedInformation{{Pos: o.at.Pos(), End: o.at.End(), Message: "the offset is taken from " + msg + " here"}}
	}
	if s.helper {
		owner := "consumer"
		if s.method == "SendOffsetsToTransaction" {
			owner = "producer"
		}
		d.Message += fmt.Sprintf("; %s passes its argument to the %s's %s unchanged", name, owner, method)
	}
	if fix, ok := suggestFix(pass, call, s.arg, sel, fn, o, !s.helper); ok && (s.arg == 0 || !s.helper) {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d
}

// suggestFix returns the fix for a call whose argument arg is a literal with
// the one offending TopicPartition: StoreMessage(m) or CommitMessage(m) for an
// element m.TopicPartition when the linked library has the method, a
// TopicPartition literal with the offset + 1 for that element of
// SendOffsetsToTransaction, "+ 1" for the Offset field of an element literal.
// Anything else has no mechanical fix that is obviously intended (the value
// may also be used elsewhere).
func suggestFix(pass *analysis.Pass, call *ast.CallExpr, arg int, sel *ast.SelectorExpr, fn *types.Func, o *origin, consumer bool) (analysis.SuggestedFix, bool) {
	if arg >= len(call.Args) {
		return analysis.SuggestedFix{}, false
	}
	lit, ok := ast.Unparen(call.Args[arg]).(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 1 || sel == nil || call.Ellipsis.IsValid() {
		return analysis.SuggestedFix{}, false
	}
	elt := lit.Elts[0]
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		elt = kv.Value
	}
	elt = ast.Unparen(elt)
	if elt == o.at && fn.Name() == "SendOffsetsToTransaction" {
		// p.SendOffsetsToTransaction(ctx, []kafka.TopicPartition{m.TopicPartition}, md)
		return nextLiteral(pass, o)
	}
	if elt == o.at {
		// c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
		method := "StoreMessage"
		if fn.Name() == "CommitOffsets" {
			method = "CommitMessage"
		}
		if static := typeutil.StaticCallee(pass.TypesInfo, call); !consumer || static != fn {
			return analysis.SuggestedFix{}, false // a helper, interface or adapter: it may not have the method
		}
		ptr, ok := types.Unalias(pass.TypesInfo.TypeOf(o.msg)).(*types.Pointer)
		if !ok || !kafkaapi.IsType(ptr, "Message") || !kafkaapi.HasMethod(fn.Pkg(), "Consumer", method) {
			return analysis.SuggestedFix{}, false // a Message value, or a library before v1.8.2 (StoreMessage)
		}
		m := source(pass, o.msg)
		if m == "" {
			return analysis.SuggestedFix{}, false
		}
		return analysis.SuggestedFix{
			Message: fmt.Sprintf("Use %s, which %s the next offset", method, map[bool]string{true: "stores", false: "commits"}[method == "StoreMessage"]),
			TextEdits: []analysis.TextEdit{{
				Pos: sel.Sel.Pos(), End: call.End(),
				NewText: []byte(method + "(" + m + ")"),
			}},
		}, true
	}
	// c.StoreOffsets([]kafka.TopicPartition{{..., Offset: m.TopicPartition.Offset}})
	if el, ok := elt.(*ast.CompositeLit); ok && o.at.Pos() >= el.Pos() && o.at.End() <= el.End() {
		for _, e := range el.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Value == o.at {
				return analysis.SuggestedFix{
					Message:   "Add 1 to the offset",
					TextEdits: []analysis.TextEdit{{Pos: o.at.End(), End: o.at.End(), NewText: []byte(" + 1")}},
				}, true
			}
		}
	}
	return analysis.SuggestedFix{}, false
}

// nextLiteral returns the fix that replaces o.at, a message's TopicPartition
// m.TopicPartition in an element of a literal, by a TopicPartition literal of
// the same partition at the next offset; the leader epoch (v2) is kept, since
// librdkafka sends it with the offset.
func nextLiteral(pass *analysis.Pass, o *origin) (analysis.SuggestedFix, bool) {
	tp := source(pass, o.at)
	typ := pass.TypesInfo.TypeOf(o.at)
	if tp == "" || typ == nil {
		return analysis.SuggestedFix{}, false
	}
	st, ok := typ.Underlying().(*types.Struct)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := fmt.Sprintf("{Topic: %[1]s.Topic, Partition: %[1]s.Partition, Offset: %[1]s.Offset + 1", tp)
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "LeaderEpoch" {
			text += fmt.Sprintf(", LeaderEpoch: %s.LeaderEpoch", tp)
		}
	}
	return analysis.SuggestedFix{
		Message:   "Send the offset after the message",
		TextEdits: []analysis.TextEdit{{Pos: o.at.Pos(), End: o.at.End(), NewText: []byte(text + "}")}},
	}, true
}

// source returns e as gofmt prints it, or "" if it cannot be printed.
func source(pass *analysis.Pass, e ast.Expr) string {
	var b bytes.Buffer
	if err := format.Node(&b, pass.Fset, e); err != nil {
		return ""
	}
	return b.String()
}
