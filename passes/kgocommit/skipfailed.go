package kgocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kgoapi"
	"github.com/kafkalint/kafkalint/internal/kgoflow"
)

// categorySkipFailed: a record skipped after its processing failed, and a
// record processed after it committed (docs/library-facts.md, F35).
const categorySkipFailed = "skipfailed"

// recordCommits are the methods that commit or mark the records they are given.
var recordCommits = []string{"CommitRecords", "MarkCommitRecords"}

// A recordLoop is a loop over fetched records: a range over a []*kgo.Record,
// or a function literal given to an EachRecord method (where a return skips
// the record).
type recordLoop struct {
	node  ast.Node // *ast.RangeStmt or *ast.FuncLit
	body  *ast.BlockStmt
	rec   types.Object // the record variable, or nil
	idx   types.Object // a range's index variable, or nil
	slice ast.Expr     // the ranged slice, or nil
	lit   bool
	fn    ast.Node // the function the loop is in
}

// name names the loop's record in a message: "record msg", "record rs[i]".
func (l *recordLoop) name() string {
	if l.rec != nil {
		return "record " + l.rec.Name()
	}
	return "record " + types.ExprString(l.slice) + "[" + l.idx.Name() + "]"
}

func (l *recordLoop) inside(pos token.Pos) bool { return l.node.Pos() <= pos && pos < l.node.End() }

// A failure is a branch on a processing error that only logs: skip is the
// continue (or a literal's return) that leaves the iteration, nil where the
// branch falls out and the record is committed in the else only.
type failure struct {
	ifs  *ast.IfStmt
	skip ast.Stmt
}

// skipFailed reports failure branches of record loops that skip the record
// while the loop goes on to commit or mark a record processed after it.
func (c *checker) skipFailed(in *inspector.Inspector, sites []site) {
	bySite := make(map[*ast.CallExpr]site)
	for _, s := range sites {
		bySite[s.expr] = s
	}
	info := c.pass.TypesInfo
	for cur := range in.Root().Preorder((*ast.RangeStmt)(nil), (*ast.CallExpr)(nil)) {
		var l *recordLoop
		switch n := cur.Node().(type) {
		case *ast.RangeStmt:
			l = rangeLoop(info, n)
		case *ast.CallExpr:
			l = eachRecordLoop(info, n)
		}
		if l == nil {
			continue
		}
		for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			if l.fn == nil {
				l.fn = fn.Node() // the innermost
			}
		}
		if l.fn == nil {
			continue
		}
		for _, f := range c.failures(l) {
			if call := c.laterCommit(l, f, bySite); call != nil {
				c.reportSkip(l, f, call)
			}
		}
	}
}

func rangeLoop(info *types.Info, n *ast.RangeStmt) *recordLoop {
	sl, ok := types.Unalias(info.TypeOf(n.X)).(*types.Slice)
	if !ok || !isRecordPtr(sl.Elem()) || n.Body == nil {
		return nil
	}
	l := &recordLoop{node: n, body: n.Body, slice: n.X}
	if id, ok := n.Key.(*ast.Ident); ok && id.Name != "_" {
		l.idx = info.ObjectOf(id)
	}
	if id, ok := n.Value.(*ast.Ident); ok && id.Name != "_" {
		l.rec = info.ObjectOf(id)
	}
	if l.rec == nil && l.idx == nil {
		return nil
	}
	return l
}

func eachRecordLoop(info *types.Info, n *ast.CallExpr) *recordLoop {
	sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
	if !ok || len(n.Args) != 1 {
		return nil
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Name() != "EachRecord" || !kgoapi.IsPackage(fn.Pkg()) {
		return nil
	}
	lit, ok := ast.Unparen(n.Args[0]).(*ast.FuncLit)
	if !ok || lit.Body == nil || lit.Type.Params == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return nil
	}
	rec := info.ObjectOf(lit.Type.Params.List[0].Names[0])
	if rec == nil || rec.Name() == "_" || !isRecordPtr(rec.Type()) {
		return nil
	}
	return &recordLoop{node: lit, body: lit.Body, rec: rec, lit: true}
}

func isRecordPtr(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && kgoapi.IsType(p.Elem(), "Record")
}

// failures returns the loop's branches on a processing error that handle
// nothing: they log (or count) and skip the record, or fall out with the
// record committed in the else only.
func (c *checker) failures(l *recordLoop) []failure {
	var out []failure
	ast.Inspect(l.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return false // a continue or return there is not the loop's
		case *ast.IfStmt:
			err := errCheck(c.pass.TypesInfo, n.Cond)
			if err == nil || !c.processingError(l, n, err) {
				return true
			}
			skip, ok := c.logOnly(l, n.Body.List, false)
			switch {
			case !ok:
			case skip != nil:
				out = append(out, failure{ifs: n, skip: skip})
			case n.Else != nil:
				out = append(out, failure{ifs: n})
			}
		}
		return true
	})
	return out
}

// errCheck returns the variable of an "err != nil" condition.
func errCheck(info *types.Info, cond ast.Expr) *types.Var {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return nil
	}
	x, y := ast.Unparen(b.X), ast.Unparen(b.Y)
	if isNil(info, x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	if !ok || !isNil(info, y) {
		return nil
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return v
}

func isNil(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	_, isNil := info.ObjectOf(id).(*types.Nil)
	return isNil
}

// processingError reports whether err, checked by ifs, is the error of a
// call in the loop that processes the record: set in the if's init or by the
// loop's last assignment before it, not in a loop of its own (a retry), and
// not by kgo (a failed commit) or by a decoding call (a malformed record,
// which no retry can help).
func (c *checker) processingError(l *recordLoop, ifs *ast.IfStmt, err *types.Var) bool {
	var call *ast.CallExpr
	var inLoop bool
	assigns := func(n ast.Node) *ast.CallExpr {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return nil
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == err {
				call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				return call
			}
		}
		return nil
	}
	if ifs.Init != nil {
		call = assigns(ifs.Init)
	} else {
		var stack []ast.Node
		ast.Inspect(l.body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			if n.Pos() >= ifs.Pos() {
				return false
			}
			stack = append(stack, n)
			if _, ok := n.(*ast.FuncLit); ok {
				stack = stack[:len(stack)-1]
				return false
			}
			if e := assigns(n); e != nil {
				call, inLoop = e, false
				for _, s := range stack[1:] {
					switch s.(type) {
					case *ast.ForStmt, *ast.RangeStmt:
						inLoop = true // retried
					}
				}
			}
			return true
		})
	}
	if call == nil || inLoop {
		return false
	}
	fn := typeutilCallee(c.pass.TypesInfo, call)
	if fn == nil {
		return true // a function value: the program's processing
	}
	if kgoapi.IsPackage(fn.Pkg()) {
		return false
	}
	for _, w := range []string{"Unmarshal", "Decode", "Parse", "Deserialize", "Unpack"} {
		if strings.Contains(fn.Name(), w) {
			return false
		}
	}
	return true
}

// typeutilCallee returns the function or method a call names, nil for a
// function value, a conversion or a builtin.
func typeutilCallee(info *types.Info, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	case *ast.IndexExpr: // generic instantiation
		if s, ok := f.X.(*ast.SelectorExpr); ok {
			id = s.Sel
		} else if i, ok := f.X.(*ast.Ident); ok {
			id = i
		}
	}
	if id == nil {
		return nil
	}
	fn, _ := info.Uses[id].(*types.Func)
	return fn
}

// logOnly reports whether stmts do nothing but log, count and skip the
// record, and the statement that skips it (nil if none does). A break in a
// switch ends the case only; elsewhere it leaves the loop, before the later
// records: then the branch is no skip.
func (c *checker) logOnly(l *recordLoop, stmts []ast.Stmt, inSwitch bool) (ast.Stmt, bool) {
	var skip ast.Stmt
	first := func(s ast.Stmt) {
		if skip == nil {
			skip = s
		}
	}
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.EmptyStmt, *ast.IncDecStmt:
		case *ast.ExprStmt:
			call, ok := ast.Unparen(s.X).(*ast.CallExpr)
			if !ok || !c.logging(call) {
				return nil, false
			}
		case *ast.BranchStmt:
			switch {
			case s.Label != nil:
				return nil, false
			case s.Tok == token.CONTINUE && !l.lit:
				first(s)
			case s.Tok == token.BREAK && inSwitch, s.Tok == token.FALLTHROUGH:
			default:
				return nil, false
			}
		case *ast.ReturnStmt:
			if !l.lit || len(s.Results) > 0 {
				return nil, false
			}
			first(s)
		case *ast.BlockStmt:
			sk, ok := c.logOnly(l, s.List, inSwitch)
			if !ok {
				return nil, false
			}
			if sk != nil {
				first(sk)
			}
		case *ast.IfStmt:
			if s.Init != nil || hasCall(s.Cond) {
				return nil, false
			}
			sk, ok := c.logOnly(l, s.Body.List, inSwitch)
			if !ok {
				return nil, false
			}
			if sk != nil {
				first(sk)
			}
			if s.Else != nil {
				sk, ok := c.logOnly(l, []ast.Stmt{s.Else}, inSwitch)
				if !ok {
					return nil, false
				}
				if sk != nil {
					first(sk)
				}
			}
		case *ast.SwitchStmt:
			if s.Init != nil || (s.Tag != nil && hasCall(s.Tag)) {
				return nil, false
			}
			for _, cc := range s.Body.List {
				cc := cc.(*ast.CaseClause)
				for _, e := range cc.List {
					if hasCall(e) {
						return nil, false
					}
				}
				sk, ok := c.logOnly(l, cc.Body, true)
				if !ok {
					return nil, false
				}
				if sk != nil {
					first(sk)
				}
			}
		default:
			return nil, false
		}
	}
	return skip, true
}

// hasCall reports whether e calls anything (conversions aside).
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

// logging reports whether call logs or counts: a logging method or function
// (kgoflow.IsLogging; not Fatal or Panic, which do not return), zerolog's
// Msg, Msgf and Send, and the increments and observations of Prometheus and
// OpenTelemetry metrics.
func (c *checker) logging(call *ast.CallExpr) bool {
	fn := typeutilCallee(c.pass.TypesInfo, call)
	if fn == nil {
		return false
	}
	name := fn.Name()
	if strings.HasPrefix(name, "Fatal") || strings.HasPrefix(name, "Panic") {
		return false
	}
	if kgoflow.IsLogging(name) {
		return true
	}
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	switch name {
	case "Msg", "Msgf", "Send":
		return strings.HasPrefix(path, "github.com/rs/zerolog")
	case "Inc", "Dec", "Add", "Observe", "Record", "Set":
		return strings.Contains(path, "prometheus") || strings.HasPrefix(path, "go.opentelemetry.io/otel")
	}
	return false
}

// laterCommit returns a CommitRecords or MarkCommitRecords call that commits
// or marks a record the loop processed after the failure f: the loop's record
// given after the branch (or in its else), or a variable set after it to the
// record, its index (rs[last]) or a slice the record is appended to, given to
// a commit later in the function.
func (c *checker) laterCommit(l *recordLoop, f failure, bySite map[*ast.CallExpr]site) *ast.CallExpr {
	info := c.pass.TypesInfo
	// The part of the loop that the failed record does not reach.
	after := func(pos token.Pos) bool {
		if f.ifs.Else != nil && f.ifs.Else.Pos() <= pos && pos < f.ifs.Else.End() {
			return true
		}
		return f.skip != nil && pos >= f.ifs.End() && pos < l.body.End()
	}
	obj := func(e ast.Expr) types.Object {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			return info.ObjectOf(id)
		}
		return nil
	}
	isRecord := func(e ast.Expr) bool {
		if o := obj(e); o != nil && o == l.rec {
			return true
		}
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		return ok && l.idx != nil && obj(ix.Index) == l.idx
	}
	const (
		kindRecord = iota + 1
		kindIndex
		kindSlice
	)
	tracked := make(map[types.Object]int)
	ast.Inspect(l.body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || !after(as.Pos()) || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			v := obj(lhs)
			if v == nil || l.inside(v.Pos()) {
				continue // a variable of the loop's own
			}
			rhs := ast.Unparen(as.Rhs[i])
			switch {
			case isRecord(rhs):
				tracked[v] = kindRecord
			case l.idx != nil && obj(rhs) == l.idx:
				tracked[v] = kindIndex
			default:
				call, ok := rhs.(*ast.CallExpr)
				if !ok || len(call.Args) < 2 {
					continue
				}
				if b, ok := info.Uses[identOf(call.Fun)].(*types.Builtin); !ok || b.Name() != "append" || obj(call.Args[0]) != v {
					continue
				}
				for _, a := range call.Args[1:] {
					if isRecord(a) {
						tracked[v] = kindSlice
					}
				}
			}
		}
		return true
	})
	// lastRecord := records[last], after the loop.
	ast.Inspect(l.fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Pos() < l.node.End() || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			v := obj(lhs)
			if v == nil {
				continue
			}
			switch rhs := ast.Unparen(as.Rhs[i]).(type) {
			case *ast.IndexExpr:
				if tracked[obj(rhs.Index)] == kindIndex {
					tracked[v] = kindRecord
				}
			case *ast.Ident:
				if tracked[obj(rhs)] == kindRecord {
					tracked[v] = kindRecord
				}
			}
		}
		return true
	})
	var found *ast.CallExpr
	ast.Inspect(l.fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != nil || call.Pos() < f.ifs.End() {
			return found == nil
		}
		fn := typeutilCallee(info, call)
		if fn == nil || !kgoapi.IsClientMethod(fn, recordCommits...) {
			return true
		}
		covers := false
		for _, a := range call.Args {
			a = ast.Unparen(a)
			if l.inside(a.Pos()) && after(a.Pos()) && isRecord(a) {
				covers = true
			}
			if v := obj(a); v != nil {
				switch tracked[v] {
				case kindRecord:
					covers = true
				case kindSlice:
					covers = covers || call.Ellipsis.IsValid()
				}
			}
			if ix, ok := a.(*ast.IndexExpr); ok && tracked[obj(ix.Index)] == kindIndex {
				covers = true
			}
		}
		if covers && fn.Name() == "MarkCommitRecords" && c.marksDropped(bySite, call) {
			covers = false // marknoop's report: the mark does nothing
		}
		if covers {
			found = call
		}
		return true
	})
	return found
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// marksDropped reports whether the MarkCommitRecords call is on clients that
// are all known to lack AutoCommitMarks.
func (c *checker) marksDropped(bySite map[*ast.CallExpr]site, call *ast.CallExpr) bool {
	s, ok := bySite[call]
	if !ok {
		return false
	}
	cls, params, _ := c.r.ClientsOf(s.call.Common().Args[0])
	if len(cls) == 0 || len(params) > 0 {
		return false
	}
	for _, cl := range cls {
		if !cl.Complete || cl.Has(kgoapi.AutoCommitMarks) != nil {
			return false
		}
	}
	return true
}

func (c *checker) reportSkip(l *recordLoop, f failure, call *ast.CallExpr) {
	fn := typeutilCallee(c.pass.TypesInfo, call)
	verb, done := "commits", "committed"
	if fn.Name() == "MarkCommitRecords" {
		verb, done = "marks", "marked"
	}
	how := "is skipped after its processing failed"
	var at ast.Node = f.skip
	if f.skip == nil {
		how = "is left uncommitted after its processing failed"
		at = f.ifs
	}
	c.report(analysis.Diagnostic{
		Pos: at.Pos(), End: at.End(), Category: categorySkipFailed,
		Message: fmt.Sprintf("%s %s (the branch only logs), and %s.%s %s a record processed after it: once a later record of its partition is %s, the failed record is never retried (franz-go commits, per partition, the offset after the highest record given)",
			l.name(), how, analysisutil.ConsumerName(analysisutil.Receiver(call)), fn.Name(), verb, done),
		Related: []analysis.RelatedInformation{{Pos: call.Pos(), End: call.End(), Message: "a record processed after it is " + done + " here"}},
	})
}
