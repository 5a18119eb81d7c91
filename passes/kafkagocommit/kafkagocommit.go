package kafkagocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kafkagoapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports kafka-go Generation.CommitOffsets calls given a consumed
// message's own offset. See the package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new kafkagocommit analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "kafkagocommit",
		Doc:      analysisutil.MustExtractDoc(doc, "kafkagocommit"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, clientgraph.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

const categoryOffByOne = "genoffbyone" // Generation.CommitOffsets of a message's own offset

// A commit is a Generation.CommitOffsets call of the package.
type commit struct {
	call *ast.CallExpr
	gen  string // the generation as written
}

func run(pass *analysis.Pass) {
	cg := pass.ResultOf[clientgraph.Analyzer].(*clientgraph.Result)
	if len(cg.Imports(clients.KafkaGo)) == 0 {
		return // the package does not use kafka-go
	}
	in := analysisutil.InspectorOf(pass)
	// Find the calls first: most kafka-go programs commit with the Reader
	// and need no SSA form here.
	var commits []commit
	pool := false                                 // a CommitMessages call: poolCommits looks at it
	changed := false                              // the package writes a Message's Offset, or takes its address
	sels := make(map[token.Pos]*ast.SelectorExpr) // by the position of Sel
	for fc := range in.Root().Children() {
		if f, ok := fc.Node().(*ast.File); !ok || ast.IsGenerated(f) {
			continue
		}
		for cur := range fc.Preorder((*ast.CallExpr)(nil), (*ast.SelectorExpr)(nil), (*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.SelectorExpr:
				sels[n.Sel.Pos()] = n
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					changed = changed || isMessageOffset(pass.TypesInfo, l)
				}
			case *ast.IncDecStmt:
				changed = changed || isMessageOffset(pass.TypesInfo, n.X)
			case *ast.UnaryExpr:
				changed = changed || n.Op == token.AND && isMessageOffset(pass.TypesInfo, n.X)
			case *ast.CallExpr:
				fn := analysisutil.CalledFunc(pass.TypesInfo, n)
				if len(n.Args) == 1 && kafkagoapi.IsGenerationMethod(fn, "CommitOffsets") {
					commits = append(commits, commit{call: n, gen: types.ExprString(analysisutil.Receiver(n))})
				}
				pool = pool || fn != nil && fn.Name() == "CommitMessages"
			}
		}
	}
	if len(commits) == 0 && !pool {
		return // nothing commits through a generation or a reader
	}
	g := cg.Graph()
	if g.Broken() {
		return // no SSA form (see internal/valueflow)
	}
	c := &checker{pass: pass, in: in, g: g, sels: sels, reported: make(map[token.Pos]bool)}
	if len(commits) > 0 && !changed { // a package that writes a Message's Offset has offsets of its own (m.Offset++, next(&m.Offset))
		c.offByOne(commits)
	}
	if pool {
		c.poolCommits()
	}
}

type checker struct {
	pass     *analysis.Pass
	in       *inspector.Inspector
	g        *valueflow.Graph
	sels     map[token.Pos]*ast.SelectorExpr
	reported map[token.Pos]bool // by the message's Offset selector
}

// offByOne reports the int64 offsets stored into the maps that
// Generation.CommitOffsets is given that are a consumed message's Offset as
// is: CommitOffsets commits them as given, and the group resumes at them
// (docs/library-facts.md, F32).
func (c *checker) offByOne(commits []commit) {
	// The maps CommitOffsets is given, by their roots.
	targets := make(map[ssa.Value]commit)
	for _, cm := range commits {
		v := c.g.ValueOf(cm.call.Args[0])
		if v == nil {
			continue // no SSA value (unreachable code)
		}
		for _, root := range c.g.Roots(v).Roots {
			targets[root] = cm
		}
	}
	if len(targets) == 0 {
		return
	}
	// Every update of a map of offsets (map[int]int64: partition -> offset),
	// and which outer maps (topic -> partitions) the inner maps are stored
	// into. A map literal is a MakeMap and its updates in the SSA form.
	var updates []*ssa.MapUpdate
	storedIn := make(map[ssa.Value][]ssa.Value) // inner map root -> outer map roots
	for _, fn := range c.g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				mu, ok := instr.(*ssa.MapUpdate)
				if !ok {
					continue
				}
				if isOffsets(mu.Map.Type()) {
					updates = append(updates, mu)
					continue
				}
				if !isOffsets(mu.Value.Type()) {
					continue
				}
				outer := c.g.Roots(mu.Map).Roots
				for _, inner := range c.g.Roots(mu.Value).Roots {
					storedIn[inner] = append(storedIn[inner], outer...)
				}
			}
		}
	}
	for _, mu := range updates {
		cm, ok := c.target(mu, targets, storedIn)
		if !ok {
			continue
		}
		for _, r := range c.g.Roots(mu.Value).Roots {
			if !kafkagoapi.IsMessageOffset(valueflow.FieldOf(r)) || !consumed(c.g, r) {
				continue
			}
			c.report(cm, mu, r)
		}
	}
}

// isMessageOffset reports whether e selects the Offset field of a
// kafka.Message.
func isMessageOffset(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	f, _ := info.ObjectOf(sel.Sel).(*types.Var)
	return kafkagoapi.IsMessageOffset(f)
}

// isOffsets reports whether t is map[int]int64, the partition -> offset
// maps of CommitOffsets' argument.
func isOffsets(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	k, kok := m.Key().Underlying().(*types.Basic)
	e, eok := m.Elem().Underlying().(*types.Basic)
	return kok && eok && k.Kind() == types.Int && e.Kind() == types.Int64
}

// target returns the CommitOffsets call whose map the update mu writes into,
// directly or through an inner map stored into it or looked up from it.
func (c *checker) target(mu *ssa.MapUpdate, targets map[ssa.Value]commit, storedIn map[ssa.Value][]ssa.Value) (commit, bool) {
	for _, root := range c.g.Roots(mu.Map).Roots {
		var outers []ssa.Value
		if l, ok := root.(*ssa.Lookup); ok {
			outers = c.g.Roots(l.X).Roots // offsets[topic][partition] = ...
		} else {
			outers = append(storedIn[root], root)
		}
		for _, o := range outers {
			if cm, ok := targets[o]; ok {
				return cm, true
			}
		}
	}
	return commit{}, false
}

// consumed reports whether the message whose Offset r loads may be one
// kafka-go delivered: one traced source other than a message the program
// built (kafka.Message{...}, new, a zero variable).
func consumed(g *valueflow.Graph, r ssa.Value) bool {
	var srcs []ssa.Value
	switch r := r.(type) {
	case *ssa.FieldAddr:
		srcs = g.Pointees(r.X).Roots // what the variable or pointer holds
	case *ssa.Field:
		srcs = g.Roots(r.X).Roots
	default:
		return false
	}
	for _, src := range srcs {
		switch src.(type) {
		case *ssa.Alloc, *ssa.Const:
			continue
		}
		return true
	}
	return false
}

func (c *checker) report(cm commit, mu *ssa.MapUpdate, root ssa.Value) {
	sel := c.sels[root.Pos()]
	if sel == nil || c.reported[sel.Pos()] {
		return // no syntax for the load, or reported for another update
	}
	c.reported[sel.Pos()] = true
	msg := types.ExprString(sel.X)
	d := analysis.Diagnostic{
		Pos: cm.call.Pos(), End: cm.call.End(), Category: categoryOffByOne,
		Message: fmt.Sprintf("%s.CommitOffsets commits the offset of message %s itself, not the next one, commit %s.Offset + 1 (the committed offset is where the group resumes: %s is read again after a restart or rebalance)", cm.gen, msg, msg, msg),
	}
	if sel.Pos() < cm.call.Pos() || sel.Pos() >= cm.call.End() {
		d.Related = []analysis.RelatedInformation{{Pos: sel.Pos(), End: sel.End(), Message: "the message's own offset"}}
	}
	if inside := sel.Pos() >= cm.call.Pos() && sel.End() <= cm.call.End(); inside && c.storedAsIs(sel, mu) {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Commit the next offset",
			TextEdits: []analysis.TextEdit{{Pos: sel.End(), End: sel.End(), NewText: []byte(" + 1")}},
		}}
	}
	c.pass.Report(d)
}

// storedAsIs reports whether sel is written as the offset the update mu
// stores: the value of a map literal's element ({m.Partition: m.Offset}) or
// the right side of an assignment to a map element (offs[p] = m.Offset).
// Only there does adding 1 change nothing but the committed offset; a
// variable set from sel may be read for other things (a log, a lag). The
// fix is offered only where sel is inside the reported call: an edit of
// another statement is not one a reader of the report expects.
func (c *checker) storedAsIs(sel *ast.SelectorExpr, mu *ssa.MapUpdate) bool {
	cur, ok := c.in.Root().FindByPos(sel.Pos(), sel.End())
	if !ok || cur.Node() != sel {
		return false
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.KeyValueExpr:
		lit, ok := cur.Parent().Parent().Node().(*ast.CompositeLit)
		return ok && p.Value == sel && mu.Pos() == p.Colon && isOffsets(c.pass.TypesInfo.TypeOf(lit))
	case *ast.AssignStmt:
		if p.Tok != token.ASSIGN || len(p.Lhs) != 1 || len(p.Rhs) != 1 || p.Rhs[0] != sel {
			return false
		}
		ix, ok := ast.Unparen(p.Lhs[0]).(*ast.IndexExpr)
		return ok && isOffsets(c.pass.TypesInfo.TypeOf(ix.X)) && mu.Pos() == ix.Lbrack
	}
	return false
}
