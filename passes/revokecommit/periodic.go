package revokecommit

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
)

// Category revokenocommit (issue 33): a consumer with enable.auto.commit=false
// that commits in its loop only now and then (every N messages) and whose
// RevokedPartitions handler gives the partitions up without committing. The
// messages processed since the last commit are delivered again to the
// partitions' next owner after every rebalance (docs/library-facts.md, F16:
// proof/RESULTS.md, revokenocommit, on librdkafka's mock and on kfake; Commit()
// in the handler stops it on kfake, which accepts the commit as Apache Kafka does).

// A periodicCommit is a commit of a consumer's offsets that runs only when a
// count test holds: the commit call, or the call of a helper of the package
// that commits, under "if n%N == 0" or "if count >= N".
type periodicCommit struct {
	call  *ast.CallExpr // the commit or helper call the test guards
	guard ast.Expr      // the test
}

// maxCallerDepth bounds the walk from a commit up through the helpers of the
// package that lead to it (commit → ForceCommit → commitEvery → loop).
const maxCallerDepth = 3

// periodicCommits returns, for each consumer with a commit under a count test
// outside the RevokedPartitions handlers, the first such commit in source
// order. A consumer with auto commit off that commits only so has processed
// messages it has not committed whenever a rebalance comes.
func (c *checker) periodicCommits() map[*kafkaconfig.Consumer]*periodicCommit {
	if c.periodic != nil {
		return c.periodic
	}
	c.periodic = make(map[*kafkaconfig.Consumer]*periodicCommit)
	info := c.pass.TypesInfo
	callers := make(map[*types.Func][]*ast.CallExpr)
	var commits []*ast.CallExpr
	for cur := range c.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if fn := analysisutil.CalledFunc(info, call); fn != nil && fn.Pkg() == c.pass.Pkg {
			callers[fn] = append(callers[fn], call)
		}
		if kafkaapi.ConsumerMethod(info, c.cs, call, "Commit", "CommitMessage", "CommitOffsets") != nil && !c.inRevoke(call) {
			commits = append(commits, call)
		}
	}
	for _, call := range commits {
		p := c.guarded(call, callers, 0, make(map[*types.Func]bool))
		if p == nil {
			continue
		}
		ks, _ := c.kc.ConsumersInContext(analysisutil.Receiver(call))
		for _, k := range ks {
			if c.periodic[k] == nil {
				c.periodic[k] = p
			}
		}
	}
	return c.periodic
}

// inRevoke reports whether call is inside one of the package's
// RevokedPartitions handlers.
func (c *checker) inRevoke(call *ast.CallExpr) bool {
	for _, r := range c.revoked {
		if within(call.Pos(), r.node) {
			return true
		}
	}
	return false
}

// guarded finds a count test that call runs under: in its function, or, when
// its function is a declared function of the package, at one of that
// function's calls, up to maxCallerDepth helpers up.
func (c *checker) guarded(call *ast.CallExpr, callers map[*types.Func][]*ast.CallExpr, depth int, seen map[*types.Func]bool) *periodicCommit {
	cur, ok := c.in.Root().FindNode(call)
	if !ok {
		return nil
	}
	for p := cur.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.IfStmt:
			if within(call.Pos(), n.Body) && c.countTest(n.Cond) {
				return &periodicCommit{call: call, guard: n.Cond}
			}
		case *ast.FuncLit:
			return nil // where and how often a literal runs is not followed
		case *ast.FuncDecl:
			fn, _ := c.pass.TypesInfo.Defs[n.Name].(*types.Func)
			if fn == nil || seen[fn] || depth >= maxCallerDepth {
				return nil
			}
			seen[fn] = true
			for _, at := range callers[fn] {
				if c.inRevoke(at) {
					continue
				}
				if g := c.guarded(at, callers, depth+1, seen); g != nil {
					return g
				}
			}
			return nil
		}
	}
	return nil
}

// countTest reports whether cond tests a message count: it holds a remainder
// (n%N == 0) or compares integers of which one is not constant (count >= N,
// kc.sinceCommit == 0), but not an emptiness test of len (len(batch) > 0).
func (c *checker) countTest(cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			switch n.Op {
			case token.REM:
				found = c.integer(n.X) && c.integer(n.Y)
			case token.EQL, token.GEQ, token.GTR:
				found = c.integer(n.X) && c.integer(n.Y) && (!c.constant(n.X) || !c.constant(n.Y)) && !emptiness(c, n)
			}
		}
		return !found
	})
	return found
}

// integer reports whether e has an unnamed integer type (int, int64, an
// untyped constant): a count, not a kafka.Offset or another named type.
func (c *checker) integer(e ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return false
	}
	if _, named := t.(*types.Named); named {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (c *checker) constant(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil
}

// emptiness reports whether b compares len(x) with 0: "len(x) > 0", "len(x) == 0".
func emptiness(c *checker, b *ast.BinaryExpr) bool {
	isLen := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		_, builtin := c.pass.TypesInfo.Uses[id].(*types.Builtin)
		return builtin && id.Name == "len"
	}
	zero := func(e ast.Expr) bool {
		tv, ok := c.pass.TypesInfo.Types[e]
		return ok && tv.Value != nil && constant.Sign(tv.Value) == 0
	}
	return isLen(b.X) && zero(b.Y) || isLen(b.Y) && zero(b.X)
}

// noAutoCommit reports whether k's configuration on its default path sets
// enable.auto.commit=false, and returns that setting.
func noAutoCommit(k *kafkaconfig.Consumer) (kafkaconfig.Setting, bool) {
	auto, fromDefault, ok := k.Config.Bool("enable.auto.commit")
	if !ok || auto || fromDefault {
		return kafkaconfig.Setting{}, false
	}
	s, _ := k.Config.Lookup("enable.auto.commit")
	return s, true
}

// periodicFinding reports whether f, on consumer k, is a revokenocommit case:
// auto commit off, a commit only under a count test elsewhere, and no commit
// on some path before the handler's Unassign.
func (c *checker) periodicFinding(f *finding, k *kafkaconfig.Consumer) (*periodicCommit, bool) {
	if f.unassign == nil || f.missing&commit == 0 {
		return nil, false
	}
	if _, ok := noAutoCommit(k); !ok {
		return nil, false
	}
	p := c.periodicCommits()[k]
	return p, p != nil
}

// periodicDiagnostic is the revokenocommit report of f on consumer k, whose
// loop commits only at p.
func (c *checker) periodicDiagnostic(f *finding, k *kafkaconfig.Consumer, p *periodicCommit) analysis.Diagnostic {
	method := calleeName(f.unassign)
	at := c.pass.Fset.Position(p.guard.Pos())
	msg := fmt.Sprintf("%s.%s in RevokedPartitions handler is not preceded on every path by a commit, on a consumer with enable.auto.commit=false that commits only when %s (%s:%d): the messages processed since that commit (up to N-1 for a commit every N messages) are delivered again to the partitions' next owner after every rebalance; call Commit() before %s",
		analysisutil.ConsumerName(analysisutil.Receiver(f.unassign)), method, types.ExprString(p.guard), filepath.Base(at.Filename), at.Line, method)
	d := analysis.Diagnostic{Pos: f.call.Pos(), End: f.call.End(), Category: categoryRevokeNoCommit, Message: msg}
	if sel, ok := ast.Unparen(f.call.Fun).(*ast.SelectorExpr); ok {
		d.Pos, d.End = sel.Pos(), sel.End()
	}
	if s, ok := noAutoCommit(k); ok && s.Pos.IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.Pos, Message: "enable.auto.commit=false: only the program's own commits move the group's offsets"})
	}
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: p.call.Pos(), Message: "the consumer's offsets are committed here only when " + types.ExprString(p.guard)})
	if c.cs.Graph() != nil && len(c.cs.Graph().Spawned()) == 0 {
		// Commit() commits the offsets stored for the messages Poll handed
		// out; with no goroutine of the package that could still be
		// processing them, those messages are processed.
		g := *f
		g.missing = commit
		if fix, ok := c.fix(&g); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}
