package readtimeout

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/noreturn"
)

//go:embed doc.go
var doc string

// Analyzer reports loops that stop consuming when ReadMessage times out. See the
// package doc.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new readtimeout analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "readtimeout",
		Doc:       analysisutil.MustExtractDoc(doc, "readtimeout"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer, noreturn.Analyzer},
		FactTypes: []analysis.Fact{new(TimeoutCheck)},
	}
	analysisutil.Setup(a, run)
	return a
}

// TimeoutCheck marks an exported function whose body tells a ReadMessage
// timeout apart (see checksTimeout): an error classifier of a package of the
// module (errs.Transient(err), which looks for kafka.ErrTimedOut). A call of
// it in another package is a timeout check there.
type TimeoutCheck struct{}

func (*TimeoutCheck) AFact()         {}
func (*TimeoutCheck) String() string { return "checks timeout" }

// category of the one kind of report.
const category = "timeoutexit"

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	in := analysisutil.InspectorOf(pass)
	nr := pass.ResultOf[noreturn.Analyzer].(*noreturn.Result)
	c := &checker{pass: pass, in: in, nr: nr, checks: make(map[*types.Func]bool)}
	c.exportChecks()
	for fc := range in.Root().Children() {
		file := fc.Node().(*ast.File)
		if tf := pass.Fset.File(file.Pos()); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			continue // a test that fails when an expected message does not come means it
		}
		var reads []*read
		for cur := range fc.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			if lib := c.readMessage(call); lib != nil {
				reads = append(reads, &read{call: call, cur: cur, lib: lib})
			}
		}
		for _, r := range reads {
			c.check(r)
			c.nilMessage(r)
		}
	}
}

// A read is a ReadMessage call.
type read struct {
	call *ast.CallExpr
	cur  inspector.Cursor // the call's
	lib  *types.Package   // the library package that declares the consumer or the message
}

type checker struct {
	pass   *analysis.Pass
	in     *inspector.Inspector // the package's syntax
	nr     *noreturn.Result     // which calls do not return
	checks map[*types.Func]bool // functions of the package that tell a timeout apart: memo of checksTimeout
}

// readMessage returns the library package when call is Consumer.ReadMessage, or
// the ReadMessage method of an interface with the consumer's signature
// (ReadMessage(time.Duration) (*kafka.Message, error)); nil otherwise.
func (c *checker) readMessage(call *ast.CallExpr) *types.Package {
	if len(call.Args) != 1 {
		return nil
	}
	fn := analysisutil.CalledFunc(c.pass.TypesInfo, call)
	if fn == nil || fn.Name() != "ReadMessage" {
		return nil
	}
	if kafkaapi.IsMethod(fn, "Consumer", "ReadMessage") {
		return fn.Pkg()
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return nil
	}
	if sig.Params().Len() != 1 || !analysisutil.IsDuration(sig.Params().At(0).Type()) || sig.Results().Len() != 2 {
		return nil
	}
	msg, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Pointer)
	if !ok || !kafkaapi.IsType(msg, "Message") || !types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return types.Unalias(msg.Elem()).(*types.Named).Obj().Pkg()
}

// check reports the error branch that leaves the loop around r on any error.
func (c *checker) check(r *read) {
	timeout, finite := c.timeout(r.call.Args[0])
	if !finite {
		return // a negative timeout waits forever: ReadMessage never times out
	}
	errVar, stmt, rest := c.errorOf(r.cur)
	if errVar == nil {
		return // the error is discarded, or the call is not the right-hand side of an assignment
	}
	loop, breakables := enclosingLoop(stmt)
	if loop == nil {
		return // not in a loop of this function: what the caller does with the error is not followed
	}
	if c.bounded(loop) {
		return // reads a known number of messages: a timeout may well mean the input is short
	}
	for _, st := range rest {
		if c.checksTimeout(st) {
			return // a timeout check precedes any exit
		}
		if body, inSwitch, ok := c.errorBranch(st, errVar); ok {
			if inSwitch {
				breakables = append(breakables, st)
			}
			c.branch(r, timeout, errVar, loop, breakables, body)
			return
		}
		if assigns(c.pass.TypesInfo, st, errVar) || c.mayLeave(st) {
			return // err changes, or the iteration may end before the error is looked at
		}
	}
}

// bounded reports whether loop runs a counted number of times: a for loop whose
// condition is an ordering comparison (i < n, len(msgs) < want), or a range over
// anything but a channel.
func (c *checker) bounded(loop ast.Stmt) bool {
	switch loop := loop.(type) {
	case *ast.ForStmt:
		b, ok := ast.Unparen(loop.Cond).(*ast.BinaryExpr)
		return ok && (b.Op == token.LSS || b.Op == token.LEQ || b.Op == token.GTR || b.Op == token.GEQ)
	case *ast.RangeStmt:
		t := c.pass.TypesInfo.TypeOf(loop.X)
		if t == nil {
			return true
		}
		_, isChan := t.Underlying().(*types.Chan)
		return !isChan
	}
	return false
}

// timeout describes the timeout argument and reports whether it is finite: a
// constant >= 0, or any other expression except a variable of the package that
// only ever holds negative constants.
func (c *checker) timeout(arg ast.Expr) (string, bool) {
	if tv, ok := c.pass.TypesInfo.Types[arg]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.Int || constant.Sign(tv.Value) < 0 {
			return "", false
		}
		ns, exact := constant.Int64Val(tv.Value)
		if !exact {
			return "", false
		}
		return "within " + time.Duration(ns).String(), true
	}
	var id *ast.Ident
	switch x := ast.Unparen(arg).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel // a field: r.timeout
	}
	if id != nil {
		if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && c.onlyNegative(v) {
			return "", false
		}
	}
	return "in time", true
}

// assignedVar returns the variable or field that e, the left-hand side of an
// assignment, names: x, or the field of s.x; nil otherwise.
func (c *checker) assignedVar(e ast.Expr) types.Object {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if obj := c.pass.TypesInfo.Defs[x]; obj != nil {
			return obj
		}
		return c.pass.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		return c.pass.TypesInfo.Uses[x.Sel]
	}
	return nil
}

// onlyNegative reports whether every value the package gives v is a negative
// constant, and v is a variable (not a parameter) declared in the package
// whose address is never taken, or an unexported field of a struct of the
// package (only the package sets it) that every composite literal of the
// struct sets, and no new(T) makes with its zero value.
func (c *checker) onlyNegative(v *types.Var) bool {
	if v.Pkg() != c.pass.Pkg {
		return false
	}
	if v.IsField() {
		if v.Exported() || !c.alwaysSet(v) {
			return false
		}
	} else if v.Parent() == nil {
		return false
	}
	negative := func(e ast.Expr) bool {
		tv, ok := c.pass.TypesInfo.Types[e]
		return ok && tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) < 0
	}
	values, ok := 0, true
	for cur := range c.in.Root().Preorder((*ast.ValueSpec)(nil), (*ast.AssignStmt)(nil), (*ast.IncDecStmt)(nil), (*ast.UnaryExpr)(nil), (*ast.FuncType)(nil), (*ast.KeyValueExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if c.pass.TypesInfo.Defs[name] != v {
					continue
				}
				if len(n.Values) != len(n.Names) || !negative(n.Values[i]) {
					ok = false
				}
				values++
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if c.assignedVar(lhs) != v {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE || !negative(n.Rhs[i]) {
					ok = false
				}
				values++
			}
		case *ast.IncDecStmt:
			if c.assignedVar(n.X) == v {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && c.assignedVar(n.X) == v {
				ok = false
			}
		case *ast.KeyValueExpr:
			// a field set in a composite literal: reader{timeout: -1}
			if id, isID := n.Key.(*ast.Ident); isID && v.IsField() && c.pass.TypesInfo.Uses[id] == v {
				if !negative(n.Value) {
					ok = false
				}
				values++
			}
		case *ast.FuncType:
			// parameters and results are given values by callers
			for _, fl := range []*ast.FieldList{n.Params, n.Results} {
				if fl == nil {
					continue
				}
				for _, field := range fl.List {
					for _, name := range field.Names {
						if c.pass.TypesInfo.Defs[name] == v {
							ok = false
						}
					}
				}
			}
		}
		if !ok {
			break
		}
	}
	return ok && values > 0
}

// alwaysSet reports whether every value of the struct type that declares
// field f that the package makes sets f: each composite literal of the type
// has a key for f, and no new(T) or variable declared without a value makes a
// zero T.
func (c *checker) alwaysSet(f *types.Var) bool {
	info := c.pass.TypesInfo
	set := true
	for cur := range c.in.Root().Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.ValueSpec)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.CompositeLit:
			if !analysisutil.DeclaresField(info.TypeOf(n), f) {
				continue
			}
			keyed := false
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && info.Uses[id] == f {
						keyed = true
					}
				}
			}
			if !keyed {
				set = false // its zero value, or a positional value
			}
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "new" && analysisutil.DeclaresField(info.TypeOf(n.Args[0]), f) {
					set = false
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == 0 && analysisutil.DeclaresField(info.TypeOf(n.Type), f) {
				set = false
			}
		}
		if !set {
			break
		}
	}
	return set
}

// errorOf finds the variable that receives the error of the call at cur: "m,
// err := call" or "m, err = call", alone or as the init of an if statement. It
// returns that variable, the statement's cursor, and the statements to look at
// for the error branch: those after the assignment in its list, or the if
// statement whose init it is.
func (c *checker) errorOf(cur inspector.Cursor) (*types.Var, inspector.Cursor, []ast.Stmt) {
	call := cur.Node()
	asCur := cur.Parent()
	as, ok := asCur.Node().(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, inspector.Cursor{}, nil
	}
	id, ok := ast.Unparen(as.Lhs[1]).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil, inspector.Cursor{}, nil
	}
	v, _ := c.pass.TypesInfo.ObjectOf(id).(*types.Var)
	if v == nil {
		return nil, inspector.Cursor{}, nil
	}
	// An assignment is never a file: it has a parent node.
	if ifs, ok := asCur.Parent().Node().(*ast.IfStmt); ok && ifs.Init == as {
		return v, asCur.Parent(), []ast.Stmt{ifs}
	}
	list := stmtList(asCur.Parent().Node())
	for i, st := range list {
		if st == as {
			return v, asCur, list[i+1:]
		}
	}
	return nil, inspector.Cursor{}, nil
}

// stmtList returns the statements of a block or clause.
func stmtList(n ast.Node) []ast.Stmt {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List
	case *ast.CaseClause:
		return n.Body
	case *ast.CommClause:
		return n.Body
	}
	return nil
}

// enclosingLoop returns the innermost for or range statement of the function
// around the statement at stmt, and the switch and select statements between
// them (an unlabelled break in those does not leave the loop).
func enclosingLoop(stmt inspector.Cursor) (ast.Stmt, []ast.Stmt) {
	var breakables []ast.Stmt
	for a := range stmt.Parent().Enclosing(
		(*ast.ForStmt)(nil), (*ast.RangeStmt)(nil),
		(*ast.SwitchStmt)(nil), (*ast.TypeSwitchStmt)(nil), (*ast.SelectStmt)(nil),
		(*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := a.Node().(type) {
		case *ast.ForStmt:
			return n, breakables
		case *ast.RangeStmt:
			return n, breakables
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			breakables = append(breakables, n.(ast.Stmt))
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil
		}
	}
	return nil, nil
}

// errorBranch reports whether st branches on err being non-nil, and returns the
// statements that run for every error: the body of "if err != nil", the else
// block of "if err == nil", the clause of "case err != nil" in a switch without
// tag (inSwitch: a break there leaves the switch).
func (c *checker) errorBranch(st ast.Stmt, err *types.Var) (body []ast.Stmt, inSwitch, ok bool) {
	switch st := st.(type) {
	case *ast.IfStmt:
		switch c.nilTest(st.Cond, err) {
		case token.NEQ:
			return st.Body.List, false, true
		case token.EQL:
			if els, ok := st.Else.(*ast.BlockStmt); ok {
				return els.List, false, true
			}
			return nil, false, true // no else: nothing runs for an error here
		}
	case *ast.SwitchStmt:
		if st.Tag != nil || st.Init != nil {
			return nil, false, false
		}
		for _, cl := range st.Body.List {
			cc, _ := cl.(*ast.CaseClause)
			if cc != nil && len(cc.List) == 1 && c.nilTest(cc.List[0], err) == token.NEQ {
				return cc.Body, true, true
			}
		}
	}
	return nil, false, false
}

// nilTest returns token.NEQ for "err != nil", token.EQL for "err == nil" (either
// operand order), token.ILLEGAL for anything else.
func (c *checker) nilTest(e ast.Expr, err *types.Var) token.Token {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || (b.Op != token.NEQ && b.Op != token.EQL) {
		return token.ILLEGAL
	}
	isErr := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == err
	}
	isNil := func(e ast.Expr) bool {
		tv, ok := c.pass.TypesInfo.Types[e]
		return ok && tv.IsNil()
	}
	if (isErr(b.X) && isNil(b.Y)) || (isNil(b.X) && isErr(b.Y)) {
		return b.Op
	}
	return token.ILLEGAL
}

// assigns reports whether st assigns v.
func assigns(info *types.Info, st ast.Stmt, v *types.Var) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && info.ObjectOf(id) == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// mayLeave reports whether st may end the iteration or the loop: it holds a
// return, a branch statement or a call that exits (outside function literals).
func (c *checker) mayLeave(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.ExprStmt:
			if _, ok := c.exitCall(n); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// branch looks at the statements that run for every error, in order, and reports
// the first that leaves the loop, unless a timeout check or a continue comes
// first. Statements with nested control flow leave only under a further
// condition: not "on any error", and not reported.
func (c *checker) branch(r *read, timeout string, errVar *types.Var, loop ast.Stmt, breakables []ast.Stmt, body []ast.Stmt) {
	for _, st := range body {
		if c.checksTimeout(st) {
			return
		}
		var how string
		switch st := st.(type) {
		case *ast.ReturnStmt:
			how = "return"
		case *ast.BranchStmt:
			if st.Tok != token.BREAK || !c.breaksOut(st, loop, breakables) {
				return // continue, goto, or a break that stays in the loop
			}
			how = "break out of the loop"
		case *ast.ExprStmt:
			name, ok := c.exitCall(st)
			if !ok {
				continue
			}
			how = name
		default:
			continue
		}
		c.report(r, timeout, errVar, body, st, how)
		return
	}
}

// breaksOut reports whether br leaves loop: an unlabelled break with no switch
// or select in between, or a break to the label of loop or of a statement
// around it (a label inside the loop starts after it).
func (c *checker) breaksOut(br *ast.BranchStmt, loop ast.Stmt, breakables []ast.Stmt) bool {
	if br.Label == nil {
		return len(breakables) == 0
	}
	l, _ := c.pass.TypesInfo.Uses[br.Label].(*types.Label)
	return l != nil && l.Pos() <= loop.Pos()
}

// exitCall reports whether st is a call that does not return, by
// internal/noreturn's answer (os.Exit, runtime.Goexit, panic, log.Fatal, the
// listed loggers' Fatal and Panic, zerolog's log.Fatal().Msg, testing's t.Fatal, a
// Fatal method of the program's own logger interface, a function of an analysed
// package that never returns). It returns how the message names it.
func (c *checker) exitCall(st *ast.ExprStmt) (string, bool) {
	call, ok := ast.Unparen(st.X).(*ast.CallExpr)
	if !ok || c.nr.MayReturn(call) {
		return "", false
	}
	name := types.ExprString(call.Fun)
	if len(name) > 30 || strings.Contains(name, "\n") {
		name = "the call"
	}
	return name, true
}

// funcDecl returns the declaration of fn among the package's files, or nil.
func (c *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	for _, f := range c.pass.Files {
		if fn.Pos() < f.FileStart || fn.Pos() > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// checksTimeout reports whether n tells a timeout apart: it uses kafka.ErrTimedOut
// or kafka.ErrTimedOutQueue, calls Error.IsTimeout or any function or method whose
// name starts with "is" and mentions a timeout (isTimeout(err)), holds a string
// literal with "timed out", or calls a function of the package that does one of
// those.
func (c *checker) checksTimeout(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if obj := c.pass.TypesInfo.Uses[n]; kafkaapi.IsObject(obj, "ErrTimedOut") || kafkaapi.IsObject(obj, "ErrTimedOutQueue") {
				found = true
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && strings.Contains(strings.ToLower(n.Value), "timed out") {
				found = true
			}
		case *ast.CallExpr:
			fn := analysisutil.CalledFunc(c.pass.TypesInfo, n)
			if fn == nil {
				break
			}
			name := strings.ToLower(fn.Name())
			if strings.HasPrefix(name, "is") && (strings.Contains(name, "timeout") || strings.Contains(name, "timedout")) {
				found = true
			} else if fn.Pkg() == c.pass.Pkg && c.funcChecksTimeout(fn) {
				found = true
			} else if fn.Pkg() != nil && fn.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(fn, new(TimeoutCheck)) {
				found = true // a classifier of another package
			}
		}
		return !found
	})
	return found
}

// exportChecks exports a TimeoutCheck fact for each exported function of the
// package (outside _test.go files) that is given an error and tells a timeout
// apart: an error classifier.
func (c *checker) exportChecks() {
	for cur := range c.in.Root().Preorder((*ast.FuncDecl)(nil)) {
		decl := cur.Node().(*ast.FuncDecl)
		fn, ok := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if !ok || !fn.Exported() || decl.Body == nil || !takesError(fn) {
			continue
		}
		if tf := c.pass.Fset.File(decl.Pos()); tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		if c.funcChecksTimeout(fn) {
			c.pass.ExportObjectFact(fn, new(TimeoutCheck))
		}
	}
}

// takesError reports whether fn has a parameter of type error.
func takesError(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if types.Identical(params.At(i).Type(), types.Universe.Lookup("error").Type()) {
			return true
		}
	}
	return false
}

// funcChecksTimeout reports whether the body of fn, a function of the package,
// tells a timeout apart.
func (c *checker) funcChecksTimeout(fn *types.Func) bool {
	if v, ok := c.checks[fn]; ok {
		return v
	}
	c.checks[fn] = false // recursion ends here
	if decl := c.funcDecl(fn); decl != nil && decl.Body != nil {
		c.checks[fn] = c.checksTimeout(decl.Body)
	}
	return c.checks[fn]
}

// report reports the statement st of the error branch body that leaves the loop.
func (c *checker) report(r *read, timeout string, errVar *types.Var, body []ast.Stmt, st ast.Stmt, how string) {
	recv := "the consumer"
	if sel, ok := ast.Unparen(r.call.Fun).(*ast.SelectorExpr); ok {
		recv = analysisutil.ConsumerName(sel.X)
	}
	d := analysis.Diagnostic{
		Pos:      st.Pos(),
		End:      st.End(),
		Category: category,
		Message: fmt.Sprintf("%s on any error of %s.ReadMessage, also on the ErrTimedOut it returns when no message arrives %s (consumption stops at the first quiet period)",
			how, recv, timeout),
		Related: []analysis.RelatedInformation{{Pos: r.call.Pos(), End: r.call.End(), Message: "ReadMessage with a finite timeout"}},
	}
	if fix, ok := c.fix(r, errVar, body); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	c.pass.Report(d)
}
