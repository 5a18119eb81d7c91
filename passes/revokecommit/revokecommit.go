package revokecommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/passes/kafkaconfig"
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
		URL:       "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/revokecommit",
		Requires:  []*analysis.Analyzer{kafkaconfig.Analyzer},
		FactTypes: []analysis.Fact{new(Summary)},
	}
	a.RunDespiteErrors = true // its checks hold on ill-typed code (fuzzed)
	a.Flags.BoolVar(&allVersions, "allversions", false,
		"report on every library version, also v1.9.0 and later where the library itself prevents the rewind")
	a.Run = func(pass *analysis.Pass) (any, error) {
		analysisutil.Suppress(pass, a.Name)
		run(pass, allVersions)
		return nil, nil
	}
	return a
}

// Categories of the diagnostics.
const (
	categoryNoCommit     = "nocommit"     // the commit (and maybe the invalidation) is missing
	categoryNoInvalidate = "noinvalidate" // committed, but stored offsets not invalidated
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
}

type checker struct {
	pass        *analysis.Pass
	kc          *kafkaconfig.Result
	allVersions bool
	pc          *pathChecker
	findings    map[*ast.CallExpr]*finding
	order       []*ast.CallExpr
	handlers    map[*types.Func][]UnassignSite // for facts
}

func run(pass *analysis.Pass, allVersions bool) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	c := &checker{
		pass:        pass,
		kc:          kc,
		allVersions: allVersions,
		findings:    make(map[*ast.CallExpr]*finding),
		handlers:    make(map[*types.Func][]UnassignSite),
		pc: &pathChecker{
			pass:      pass,
			funcs:     kc.FuncDecls(),
			summaries: make(map[*types.Func]*summary),
			busy:      make(map[*types.Func]bool),
			states:    make(map[*ast.BlockStmt]*bodyStates),
		},
	}
	for _, r := range c.regions() {
		c.checkRegion(r)
	}
	c.checkForeignCallbacks()
	c.report()
	c.exportFacts()
}

// regions finds the RevokedPartitions handlers of the package that have a body.
func (c *checker) regions() []*region {
	var regions []*region
	seen := make(map[ast.Node]bool)
	for _, h := range rebalance.Find(c.pass.TypesInfo, c.pass.Files) {
		body := h.FuncBody()
		if h.Kind != rebalance.Revoked || h.Body == nil || body == nil || seen[h.Body] {
			continue // an assignment handler, a bare assertion, or code at package level
		}
		seen[h.Body] = true
		if c.neverRuns(h, body) {
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

// neverRuns reports whether handler h tests events from Poll on a library
// version that never returns rebalance events from Poll (v1.6.1 and later,
// kafka-facts.md §4): the event comes straight from a Poll call, or from a
// variable of the function whose every assignment is a Poll call.
func (c *checker) neverRuns(h *rebalance.Handler, body *ast.BlockStmt) bool {
	var polls []*ast.CallExpr
	switch x := ast.Unparen(h.Subject).(type) {
	case *ast.CallExpr:
		polls = append(polls, x)
	case *ast.Ident:
		v, ok := c.pass.TypesInfo.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		ok = true
		ast.Inspect(body, func(n ast.Node) bool {
			as, isAssign := n.(*ast.AssignStmt)
			if !isAssign {
				return ok
			}
			for i, lhs := range as.Lhs {
				if id, isID := lhs.(*ast.Ident); isID && c.pass.TypesInfo.ObjectOf(id) == v {
					call, isCall := ast.Unparen(as.Rhs[min(i, len(as.Rhs)-1)]).(*ast.CallExpr)
					if !isCall || len(as.Rhs) != len(as.Lhs) {
						ok = false
					} else {
						polls = append(polls, call)
					}
				}
			}
			return ok
		})
		if !ok {
			return false
		}
	default:
		return false
	}
	for _, call := range polls {
		fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !kafkaapi.IsMethod(fn, "Consumer", "Poll") || !c.kc.Version(fn.Pkg()).AtLeastV(kafkaapi.V1_6_1) {
			return false
		}
	}
	return len(polls) > 0
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
						c.handlers[fn] = append(c.handlers[fn], UnassignSite{Param: idx, Missing: uint8(s.missing), Where: c.where(fn, s.unassign)})
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
	for _, call := range c.kc.SubscribeCalls() {
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
			c.add(&finding{site: site{call: call, recv: kafkaconfig.Receiver(call), missing: effects(h.Missing), where: h.Where}})
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

// risky reports whether a consumer's configuration is proved to have auto commit
// on (explicitly or by default) and enable.auto.offset.store=false.
func risky(k *kafkaconfig.Consumer) bool {
	cfg := k.Config
	auto, _, ok := cfg.Bool("enable.auto.commit")
	if !ok || !auto {
		return false
	}
	if iv, _, ok := cfg.String("auto.commit.interval.ms"); ok && iv == "0" {
		return false // "0 = disable"
	}
	store, _, ok := cfg.Bool("enable.auto.offset.store")
	return ok && !store
}

// report emits one diagnostic per finding whose consumer is proved risky on a
// version where the rewind happens (or on every version with -allversions).
func (c *checker) report() {
	sort.Slice(c.order, func(i, j int) bool { return c.order[i].Pos() < c.order[j].Pos() })
	for _, call := range c.order {
		f := c.findings[call]
		consumers, traced := c.kc.ConsumersOf(f.recv)
		if !traced {
			consumers = appendUnique(consumers, c.kc.Consumers...) // fall back to the package's consumers
		}
		var bad *kafkaconfig.Consumer
		for _, k := range consumers {
			if risky(k) && (c.allVersions || !k.Version.AtLeastV(kafkaapi.V1_9_0)) {
				bad = k
				break
			}
		}
		if bad == nil {
			continue // no consumer proved risky on a version where it matters
		}
		c.pass.Report(c.diagnostic(f, bad))
	}
}

func appendUnique(list []*kafkaconfig.Consumer, more ...*kafkaconfig.Consumer) []*kafkaconfig.Consumer {
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

// exportFacts summarises the package's exported functions for other packages.
func (c *checker) exportFacts() {
	for fn, decl := range c.pc.funcs {
		if !fn.Exported() {
			continue
		}
		s := c.pc.summaryOf(fn)
		f := &Summary{Handlers: c.handlers[fn]}
		if s != nil {
			f.Does = uint8(s.does)
			for _, u := range s.unassigns {
				if u.unassign == nil {
					continue // already in another package: its own facts carry it
				}
				if idx, ok := paramIndex(c.pass.TypesInfo, decl, u.recv); ok {
					f.Unassigns = append(f.Unassigns, UnassignSite{Param: idx, Missing: uint8(u.missing), Where: c.where(fn, u.unassign)})
				}
			}
		}
		if f.Does != 0 || len(f.Unassigns) > 0 || len(f.Handlers) > 0 {
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// receiver returns x in x.M(...).
func receiver(call *ast.CallExpr) ast.Expr { return kafkaconfig.Receiver(call) }

// argument returns the expression passed as parameter i of call (-1: receiver).
func argument(call *ast.CallExpr, i int) ast.Expr {
	if i < 0 {
		return receiver(call)
	}
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}
