package revokecommit

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/liveness"
	"github.com/kafkalint/kafkalint/internal/noreturn"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/rebalance"
)

//go:embed doc.go
var doc string

// Analyzer reports RevokedPartitions handlers that give partitions up without
// committing and invalidating stored offsets. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new revokecommit analyzer with its own flags, so that
// tests and embedders can set them without touching the shared Analyzer.
func NewAnalyzer() *analysis.Analyzer {
	var allVersions bool
	a := &analysis.Analyzer{
		Name:      "revokecommit",
		Doc:       analysisutil.MustExtractDoc(doc, "revokecommit"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, pkgindex.Analyzer, rebalance.Analyzer, liveness.Analyzer, noreturn.Analyzer},
		FactTypes: []analysis.Fact{new(Summary), new(Handover)},
	}
	a.Flags.BoolVar(&allVersions, "allversions", false,
		"report on every library version, also v1.9.0 and later where the library itself prevents the rewind")
	analysisutil.Setup(a, func(pass *analysis.Pass) { run(pass, allVersions) })
	return a
}

// Categories of the diagnostics.
const (
	categoryNoCommit       = "nocommit"       // the commit (and maybe the invalidation) is missing
	categoryNoInvalidate   = "noinvalidate"   // committed, but stored offsets not invalidated
	categoryNoWait         = "nowait"         // committed and invalidated, without waiting for the workers that store offsets
	categoryRevokeNoCommit = "revokenocommit" // auto commit off, commits every N messages, none before the Unassign
)

// A region is the code that runs for a RevokedPartitions event: a type-switch
// case or the body of an "if e, ok := ev.(kafka.RevokedPartitions); ok".
type region struct {
	body  *ast.BlockStmt // the function body that holds the region
	node  ast.Node       // the case clause or if statement, for its extent
	event string         // the name of the variable bound to the event, or ""
	decl  *ast.FuncDecl  // the enclosing declared function, nil inside a literal
}

// A finding is one Unassign (or a call leading to one) to report.
type finding struct {
	site
	region *region
	late   *ast.CallExpr         // a store of the consumer's offsets on another goroutine, when that matters
	at     analysisutil.FileLine // the Unassign in another package (where is set), from its fact
}

type checker struct {
	pass        *analysis.Pass
	in          *inspector.Inspector // the package's syntax
	kc          *kafkaconfig.Result
	cs          *pkgindex.Result
	allVersions bool
	pc          *pathChecker
	findings    map[*ast.CallExpr]*finding
	order       []*ast.CallExpr
	handlers    map[*types.Func][]UnassignSite // for facts
	// handovers collects the Handover facts to export, in order.
	handovers     map[types.Object][]HandoverSite
	handoverOrder []types.Object
	late          map[*kafkaconfig.Consumer]*ast.CallExpr   // see lateStores
	revoked       []*region                                 // the package's RevokedPartitions handlers
	periodic      map[*kafkaconfig.Consumer]*periodicCommit // see periodicCommits
}

func run(pass *analysis.Pass, allVersions bool) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	in := analysisutil.InspectorOf(pass)
	nr := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	cs := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	c := &checker{
		pass:        pass,
		in:          in,
		kc:          kc,
		cs:          cs,
		allVersions: allVersions,
		findings:    make(map[*ast.CallExpr]*finding),
		handlers:    make(map[*types.Func][]UnassignSite),
		handovers:   make(map[types.Object][]HandoverSite),
		pc: &pathChecker{
			pass:      pass,
			in:        in,
			cs:        cs,
			funcs:     cs.FuncDecls(),
			summaries: make(map[*types.Func]*summary),
			busy:      make(map[*types.Func]int),
			states:    make(map[*ast.BlockStmt]*bodyStates),
			nr:        nr,
			runs:      make(map[*types.Func]uint64),
			runLits:   make(map[*ast.FuncLit]bool),
		},
	}
	c.revoked = c.regions()
	for _, r := range c.revoked {
		c.checkRegion(r)
	}
	c.checkForeignCallbacks()
	c.report()
	c.checkHandovers()
	c.exportFacts()
	c.exportHandovers()
}

// regions finds the RevokedPartitions handlers of the package that have a body.
func (c *checker) regions() []*region {
	var regions []*region
	seen := make(map[ast.Node]bool)
	lv := c.pass.ResultOf[liveness.Analyzer].(*liveness.Result)
	for _, h := range c.pass.ResultOf[rebalance.Analyzer].(*rebalance.Result).Handlers {
		body := h.FuncBody()
		if h.Kind != rebalance.Revoked || h.Body == nil || body == nil || seen[h.Body] {
			continue // an assignment handler, a bare assertion, or code at package level
		}
		seen[h.Body] = true
		if lv.Of(h).Dead() {
			continue // dead code, which pollrebalance reports: nothing to commit there
		}
		r := &region{body: body, node: h.Body}
		r.decl, _ = h.Func.(*ast.FuncDecl)
		if h.Event != nil {
			r.event = h.Event.Name()
		}
		regions = append(regions, r)
	}
	return regions
}

// within reports whether pos lies inside n.
func within(pos token.Pos, n ast.Node) bool { return n.Pos() <= pos && pos < n.End() }

// checkRegion records the Unassigns that the handler reaches before committing
// and invalidating on every path from the entry of its function.
func (c *checker) checkRegion(r *region) {
	st := c.pc.stateBefore(r.body)
	for _, cs := range st.calls {
		if !within(cs.call.Pos(), r.node) || c.inNestedLit(r, cs.call) {
			continue
		}
		for _, s := range c.pc.unassignsAt(cs) {
			c.add(&finding{site: s, region: r})
			if r.decl != nil && s.unassign != nil {
				if fn, ok := c.pass.TypesInfo.Defs[r.decl.Name].(*types.Func); ok {
					if idx, ok := paramIndex(c.pass.TypesInfo, r.decl, s.recv); ok {
						c.handlers[fn] = append(c.handlers[fn], UnassignSite{Param: idx, Missing: uint8(s.missing), Where: c.where(fn, s.unassign), Method: calleeName(s.unassign), At: analysisutil.FileLineOf(c.pass.Fset, c.pass.Pkg, s.unassign.Pos())})
					}
				}
			}
		}
	}
}

// inNestedLit reports whether call is inside a function literal within the region.
func (c *checker) inNestedLit(r *region, call *ast.CallExpr) bool {
	nested := false
	ast.Inspect(r.node, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && within(call.Pos(), lit) {
			nested = true
		}
		return !nested
	})
	return nested
}

// checkForeignCallbacks records rebalance callbacks of other packages, registered
// here, whose RevokedPartitions handlers unassign before committing: reported
// here, where the consumer's configuration is known.
func (c *checker) checkForeignCallbacks() {
	for _, call := range c.pass.ResultOf[rebalance.Analyzer].(*rebalance.Result).Subscribes {
		cb := ast.Unparen(call.Args[1])
		var id *ast.Ident
		switch x := cb.(type) {
		case *ast.Ident:
			id = x
		case *ast.SelectorExpr:
			id = x.Sel
		default:
			continue
		}
		fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
		if !ok || fn.Pkg() == c.pass.Pkg {
			continue // this package's own callbacks are checked as regions
		}
		var f Summary
		if !c.pass.ImportObjectFact(fn, &f) {
			continue
		}
		for _, h := range f.Handlers {
			if h.Param != 0 {
				continue // only the callback's *Consumer parameter is bound here
			}
			c.add(&finding{site: site{call: call, recv: analysisutil.Receiver(call), missing: effects(h.Missing), where: h.Where, method: h.Method}, at: h.At})
		}
	}
}

func (c *checker) add(f *finding) {
	if old, ok := c.findings[f.call]; ok {
		old.missing |= f.missing
		return
	}
	c.findings[f.call] = f
	c.order = append(c.order, f.call)
}

// where describes an Unassign for other packages: "pkg.Func (file.go:12)".
func (c *checker) where(fn *types.Func, call *ast.CallExpr) string {
	p := c.pass.Fset.Position(call.Pos())
	return fmt.Sprintf("%s (%s:%d)", analysisutil.FuncName(fn), filepath.Base(p.Filename), p.Line)
}

// An exposure says who commits a risky consumer's stored offsets.
type exposure int

const (
	safe       exposure = iota
	autoCommit          // enable.auto.commit (explicit or the default)
	commitCall          // an offset-less Commit() of the consumer's own
)

// exposureOf tells whether a consumer's configuration on its default path (no
// option, no branch: kafkaconfig's Entries) is proved to have
// enable.auto.offset.store=false, and who then commits the stored offsets:
// the auto-committer, or an offset-less Commit() the program makes on that
// consumer (it commits the stored offsets of the current assignment,
// docs/library-facts.md, F9).
func exposureOf(k *kafkaconfig.Consumer, commits map[*kafkaconfig.Consumer]bool) exposure {
	cfg := k.Config
	store, _, ok := cfg.Bool("enable.auto.offset.store")
	if !ok || store {
		return safe
	}
	auto, _, ok := cfg.Bool("enable.auto.commit")
	if iv, _, known := cfg.Int("auto.commit.interval.ms"); known && iv == 0 {
		auto = false // "0 = disable"
	}
	switch {
	case ok && auto:
		return autoCommit
	case commits[k]:
		return commitCall
	}
	return safe
}

// lateStores returns, for each consumer whose offsets the package stores from
// a goroutine it starts (a worker), one such StoreOffsets or StoreMessage call.
func (c *checker) lateStores() map[*kafkaconfig.Consumer]*ast.CallExpr {
	if c.late != nil {
		return c.late
	}
	c.late = make(map[*kafkaconfig.Consumer]*ast.CallExpr)
	g := c.cs.Graph()
	spawned := g.Spawned()
	if len(spawned) == 0 {
		return c.late
	}
	for cur := range c.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if kafkaapi.ConsumerMethod(c.pass.TypesInfo, c.cs, call, kafkaapi.Stores...) == nil {
			continue
		}
		ins := g.Calls(call)
		if len(ins) == 0 || !spawned[ins[0].Parent()] {
			continue
		}
		ks, _ := c.kc.ConsumersOf(analysisutil.Receiver(call))
		for _, k := range ks {
			if c.late[k] == nil {
				c.late[k] = call
			}
		}
	}
	return c.late
}

// committers returns the consumers on which the package calls Commit() without
// offsets.
func (c *checker) committers() map[*kafkaconfig.Consumer]bool {
	set := make(map[*kafkaconfig.Consumer]bool)
	for cur := range c.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if len(call.Args) != 0 || kafkaapi.ConsumerMethod(c.pass.TypesInfo, c.cs, call, "Commit") == nil {
			continue
		}
		// Per caller of a shared constructor, as the handlers are judged:
		// one consumer kind's Commit() does not commit another's offsets.
		ks, _ := c.kc.ConsumersInContext(analysisutil.Receiver(call))
		for _, k := range ks {
			set[k] = true
		}
	}
	return set
}

// report emits one diagnostic per finding whose consumer is proved risky on a
// version where the rewind happens (or on every version with -allversions).
// Only traced consumers count (internal/valueflow's policy): a receiver that
// comes in part from where the analysis cannot see is judged by the part it
// can; a finding on a consumer from the caller is carried by a fact instead.
func (c *checker) report() {
	sort.Slice(c.order, func(i, j int) bool { return analysisutil.Before(c.pass.Fset, c.order[i].Pos(), c.order[j].Pos()) })
	var commits map[*kafkaconfig.Consumer]bool
	for _, call := range c.order {
		f := c.findings[call]
		consumers, _ := c.kc.ConsumersInContext(f.recv)
		if commits == nil && len(consumers) > 0 {
			commits = c.committers()
		}
		c.noteHandovers(f, consumers)
		for _, k := range consumers {
			e := exposureOf(k, commits)
			if e == safe || (!c.allVersions && k.Version.AtLeastV(kafkaapi.V1_9_0)) {
				if p, ok := c.periodicFinding(f, k); ok {
					c.pass.Report(c.periodicDiagnostic(f, k, p))
					break
				}
				continue
			}
			// Where the consumer's offsets are stored by other goroutines,
			// the handler must also wait for them before it commits
			// (runtime-repro: commit + invalidate alone does not stop the
			// late stores before v1.9.0).
			needed := done
			late := c.lateStores()[k.Site()]
			if late == nil && !c.allVersions && k.Version.Known() && k.Version.AtLeastV(kafkaapi.V1_4_2) {
				// From v1.4.2 Unassign clears stored offsets: without stores
				// from other goroutines nothing rewinds (proof/RESULTS.md,
				// "stores inline, only unassign": 0 rewinds from v1.4.2).
				if p, ok := c.periodicFinding(f, k); ok {
					c.pass.Report(c.periodicDiagnostic(f, k, p))
					break
				}
				continue
			}
			if late != nil && !k.Version.AtLeastV(kafkaapi.V1_9_0) {
				needed |= drainedCommit
			}
			if f.missing&needed == 0 {
				continue
			}
			g := *f
			g.missing &= needed
			g.late = late
			c.pass.Report(c.diagnostic(&g, k, e))
			break
		}
	}
}

// exportFacts summarises the package's exported functions for other packages.
func (c *checker) exportFacts() {
	fns := make([]*types.Func, 0, len(c.pc.funcs))
	for fn := range c.pc.funcs {
		if fn.Exported() {
			fns = append(fns, fn)
		}
	}
	// In source order: summaries do not depend on the order they are asked
	// for in (pathChecker.busy), and the facts are exported in a fixed one.
	slices.SortFunc(fns, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, fn := range fns {
		decl := c.pc.funcs[fn]
		s := c.pc.summaryOf(fn)
		f := &Summary{Handlers: c.handlers[fn]}
		if s != nil {
			f.Does = uint8(s.does)
			for _, u := range s.unassigns {
				if u.unassign == nil {
					continue // already in another package: its own facts carry it
				}
				if idx, ok := paramIndex(c.pass.TypesInfo, decl, u.recv); ok {
					f.Unassigns = append(f.Unassigns, UnassignSite{Param: idx, Missing: uint8(u.missing), Where: c.where(fn, u.unassign), Method: calleeName(u.unassign), At: analysisutil.FileLineOf(c.pass.Fset, c.pass.Pkg, u.unassign.Pos())})
				}
			}
		}
		if f.Does != 0 || len(f.Unassigns) > 0 || len(f.Handlers) > 0 {
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// argument returns the expression passed as parameter i of call (-1: receiver).
func argument(call *ast.CallExpr, i int) ast.Expr {
	if i < 0 {
		return analysisutil.Receiver(call)
	}
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}
