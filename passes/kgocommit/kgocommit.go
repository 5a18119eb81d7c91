package kgocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kgoapi"
	"github.com/kafkalint/kafkalint/internal/kgoflow"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports franz-go marks and commits that do nothing or commit the
// wrong offsets. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new kgocommit analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "kgocommit",
		Doc:      analysisutil.MustExtractDoc(doc, "kgocommit"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, clientgraph.Analyzer, kgoflow.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the diagnostics.
const (
	categoryNoop        = "marknoop"         // marking without AutoCommitMarks
	categoryUncommitted = "uncommittedmarks" // CommitUncommittedOffsets with AutoCommitMarks
	categoryOffByOne    = "offbyone"         // a record's own offset committed or marked
)

// methods are the *kgo.Client methods the analyzer looks at.
var methods = slices.Concat(kgoapi.Marks, kgoapi.RawOffsets, []string{"CommitMarkedOffsets", "CommitUncommittedOffsets", "CommitRecords"})

func run(pass *analysis.Pass) {
	cg := pass.ResultOf[clientgraph.Analyzer].(*clientgraph.Result)
	if len(cg.Imports(clients.FranzGo)) == 0 {
		return // the package does not use franz-go
	}
	if !usesMethods(pass) {
		return // marks and commits nothing: no SSA form needed
	}
	in := analysisutil.InspectorOf(pass)
	r := kgoflow.Of(pass)
	if r == nil {
		return // no SSA form (see internal/valueflow)
	}
	c := &checker{pass: pass, r: r, sels: make(map[token.Pos]*ast.SelectorExpr)}
	for cur := range in.Root().Preorder((*ast.SelectorExpr)(nil)) {
		n := cur.Node().(*ast.SelectorExpr)
		c.sels[n.Sel.Pos()] = n
	}
	var sites []site
	for _, fn := range r.G.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := call.Common().StaticCallee()
				if callee == nil {
					continue
				}
				m, _ := callee.Object().(*types.Func)
				if kgoapi.IsClientMethod(m, methods...) && len(call.Common().Args) > 0 {
					if e := c.r.G.CallExpr(call); e != nil {
						sites = append(sites, site{call: call, method: m, expr: e})
					}
				}
			}
		}
	}
	sort.SliceStable(sites, func(i, j int) bool { return analysisutil.Before(pass.Fset, sites[i].expr.Pos(), sites[j].expr.Pos()) })
	for _, s := range sites {
		c.mode(s)
	}
	c.offByOne(sites)
	c.skipFailed(in, sites)
	c.flush()
}

// usesMethods reports whether the package refers to one of the methods the
// analyzer looks at.
func usesMethods(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && kgoapi.IsClientMethod(fn, methods...) {
			return true
		}
	}
	return false
}

type checker struct {
	pass  *analysis.Pass
	r     *kgoflow.Result
	sels  map[token.Pos]*ast.SelectorExpr // by the position of Sel
	queue []analysis.Diagnostic
}

// A site is a call of one of the methods.
type site struct {
	call   ssa.CallInstruction
	method *types.Func
	expr   *ast.CallExpr
}

func (s site) recvName() string {
	return analysisutil.ConsumerName(analysisutil.Receiver(s.expr))
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

func (c *checker) clientRelated(cl *kgoflow.Client) []analysis.RelatedInformation {
	if e := c.r.G.CallExpr(cl.Call); e != nil {
		return []analysis.RelatedInformation{{Pos: e.Pos(), End: e.End(), Message: "the client is built here"}}
	}
	return nil
}

// mode reports marks on clients without AutoCommitMarks and
// CommitUncommittedOffsets on clients with it.
func (c *checker) mode(s site) {
	name := s.method.Name()
	marks := slices.Contains(kgoapi.Marks, name) || name == "CommitMarkedOffsets"
	if !marks && name != "CommitUncommittedOffsets" {
		return
	}
	cls, params, _ := c.r.ClientsOf(s.call.Common().Args[0])
	for _, p := range params {
		// A partition callback's *kgo.Client parameter is the client that
		// registered the callback.
		for _, cl := range c.r.Registering(p) {
			if !slices.Contains(cls, cl) {
				cls = append(cls, cl)
			}
		}
	}
	for _, cl := range cls {
		marksOpt := cl.Has(kgoapi.AutoCommitMarks)
		has := marksOpt != nil
		switch {
		case marks && !has && cl.Complete:
			msg := fmt.Sprintf("%s.%s does nothing on a client without kgo.AutoCommitMarks, add the option to the client (the marks are dropped, and autocommit commits what was polled, processed or not)", s.recvName(), name)
			related := c.clientRelated(cl)
			if off := cl.Has(kgoapi.DisableAutoCommit); off != nil {
				// kgo.NewClient refuses AutoCommitMarks beside
				// DisableAutoCommit (docs/library-facts.md, F25): adding
				// the option is no fix on such a client.
				msg = fmt.Sprintf("%s.%s does nothing on a client with kgo.DisableAutoCommit, commit the records with CommitRecords or use kgo.AutoCommitMarks instead of DisableAutoCommit (marks need AutoCommitMarks, which NewClient refuses beside DisableAutoCommit: nothing marked is committed)", s.recvName(), name)
				if e := c.r.G.CallExpr(off.Call); e != nil {
					related = append(related, analysis.RelatedInformation{Pos: e.Pos(), End: e.End(), Message: "autocommit is disabled here"})
				}
			}
			c.report(analysis.Diagnostic{
				Pos: s.expr.Pos(), End: s.expr.End(), Category: categoryNoop,
				Message: msg, Related: related,
			})
			return
		case !marks && has && cl.Always(marksOpt): // an option on a branch may be absent where this runs
			d := analysis.Diagnostic{
				Pos: s.expr.Pos(), End: s.expr.End(), Category: categoryUncommitted,
				Message: fmt.Sprintf("%s.CommitUncommittedOffsets on a client with kgo.AutoCommitMarks commits every polled offset, marked or not, use CommitMarkedOffsets (records polled but not yet processed are committed as consumed)", s.recvName()),
				Related: c.clientRelated(cl),
			}
			if sel, ok := ast.Unparen(s.expr.Fun).(*ast.SelectorExpr); ok && kgoapi.HasClientMethod(s.method.Pkg(), "CommitMarkedOffsets") {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   "Use CommitMarkedOffsets",
					TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("CommitMarkedOffsets")}},
				}}
			}
			c.report(d)
			return
		}
	}
}

// offByOne reports EpochOffsets that take a record's own Offset and reach the
// map given to CommitOffsets, CommitOffsetsSync or MarkCommitOffsets: the
// committed offset is the one to resume from, one past the last processed
// record.
func (c *checker) offByOne(sites []site) {
	// The maps the raw-offset methods are given, by their roots.
	targets := make(map[ssa.Value]site)
	for _, s := range sites {
		if !slices.Contains(kgoapi.RawOffsets, s.method.Name()) {
			continue
		}
		args := s.call.Common().Args
		m := args[len(args)-1]
		if s.method.Name() != "MarkCommitOffsets" {
			m = args[2] // (recv, ctx, offsets, onDone)
		}
		for _, root := range c.r.G.Roots(m).Roots {
			targets[root] = s
		}
	}
	if len(targets) == 0 {
		return
	}
	// Every update of a map of EpochOffsets, and which outer maps the inner
	// maps are stored into.
	var updates []*ssa.MapUpdate
	storedIn := make(map[ssa.Value][]ssa.Value) // inner map root -> outer map roots
	for _, fn := range c.r.G.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				mu, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				if kgoapi.IsType(mu.Value.Type(), "EpochOffset") {
					updates = append(updates, mu)
					continue
				}
				outer := c.r.G.Roots(mu.Map).Roots
				for _, inner := range c.r.G.Roots(mu.Value).Roots {
					storedIn[inner] = append(storedIn[inner], outer...)
				}
			}
		}
	}
	reported := make(map[token.Pos]bool)
	for _, mu := range updates {
		s, ok := c.target(mu, targets, storedIn)
		if !ok {
			continue
		}
		for _, at := range c.recordOffsets(mu.Value) {
			sel := c.sels[at.Pos()]
			if sel == nil || reported[sel.Pos()] {
				continue
			}
			reported[sel.Pos()] = true
			c.report(analysis.Diagnostic{
				Pos: sel.Pos(), End: sel.End(), Category: categoryOffByOne,
				Message: fmt.Sprintf("EpochOffset of a record's own offset passed to %s.%s, use %s + 1 (the committed offset is the next one to read: the record is consumed again after a restart or rebalance)", s.recvName(), s.method.Name(), types.ExprString(sel)),
				Related: []analysis.RelatedInformation{{Pos: s.expr.Pos(), End: s.expr.End(), Message: "the offsets are committed here"}},
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   "Commit the next offset",
					TextEdits: []analysis.TextEdit{{Pos: sel.End(), End: sel.End(), NewText: []byte(" + 1")}},
				}},
			})
		}
	}
}

// target returns the raw-offset call whose map the update mu writes into,
// directly or through an inner map stored into it or looked up from it.
func (c *checker) target(mu *ssa.MapUpdate, targets map[ssa.Value]site, storedIn map[ssa.Value][]ssa.Value) (site, bool) {
	for _, root := range c.r.G.Roots(mu.Map).Roots {
		var outers []ssa.Value
		if l, ok := root.(*ssa.Lookup); ok {
			outers = c.r.G.Roots(l.X).Roots // offsets[topic][partition] = ...
		} else {
			outers = append(storedIn[root], root)
		}
		for _, o := range outers {
			if s, ok := targets[o]; ok {
				return s, true
			}
		}
	}
	return site{}, false
}

// recordOffsets returns the loads of kgo.Record.Offset (the *ssa.FieldAddr or
// *ssa.Field) that the Offset field of the EpochOffset value v is set to as is.
func (c *checker) recordOffsets(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, root := range c.r.G.Roots(v).Roots {
		alloc, ok := root.(*ssa.Alloc)
		if !ok {
			continue
		}
		refs := alloc.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || !isField(valueflow.FieldOf(fa), "EpochOffset", "Offset") {
				continue
			}
			stores, _ := valueflow.Writes(fa)
			for _, st := range stores {
				for _, src := range c.r.G.Roots(st.Val).Roots {
					if isField(valueflow.FieldOf(src), "Record", "Offset") {
						out = append(out, src)
					}
				}
			}
		}
	}
	return out
}

// isField reports whether f is the field name of kgo's struct type typeName.
func isField(f *types.Var, typeName, name string) bool {
	if f == nil || f.Name() != name || !kgoapi.IsPackage(f.Pkg()) {
		return false
	}
	tn, ok := f.Pkg().Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return false
	}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i) == f {
			return true
		}
	}
	return false
}
