package claimloop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
)

// How a receive from a claim's channel handles the channel's closing.
type handling int

const (
	handled   handling = iota // a check that leaves the loop
	unchecked                 // no check: the nil message is used
	spins                     // a check that receives again
)

// checkReceive reports a receive from a claim's Messages() channel, or a
// PartitionConsumer's (src says which), that does not leave when the channel
// is closed.
func (c *checker) checkReceive(cur inspector.Cursor, recv *ast.UnaryExpr, src source) {
	if src == partitionSource && strings.HasSuffix(c.pass.Fset.File(recv.Pos()).Name(), "_test.go") {
		return // a test's receive of the messages it produced: a closed channel fails the test either way
	}
	info := c.pass.TypesInfo
	var (
		vars   []types.Object  // the message, and ok in the comma-ok form
		stmts  []ast.Stmt      // the statements after the receive
		assign *ast.AssignStmt // the receive's assignment, for the fix
		colon  token.Pos       // the end of a select case's "case ...:", for the fix
	)
	parent := cur.Parent()
	switch p := parent.Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != recv {
			break
		}
		for _, l := range p.Lhs {
			id, _ := ast.Unparen(l).(*ast.Ident)
			if id == nil {
				vars = append(vars, nil)
				continue
			}
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			vars = append(vars, obj)
		}
		assign = p
		if cc, ok := parent.Parent().Node().(*ast.CommClause); ok && cc.Comm == p {
			stmts, colon = cc.Body, cc.Colon+1
		} else {
			stmts = after(parent)
		}
	case *ast.ValueSpec:
		if len(p.Values) != 1 || p.Values[0] != recv {
			break
		}
		for _, id := range p.Names {
			vars = append(vars, info.Defs[id])
		}
		if decl := parent.Parent().Parent(); isDeclStmt(decl.Node()) { // ValueSpec -> GenDecl -> DeclStmt
			stmts = after(decl)
		}
	}
	h, exit, branch := unchecked, ast.Stmt(nil), (*ast.BlockStmt)(nil)
	if len(vars) > 0 && vars[0] != nil && vars[len(vars)-1] != nil {
		h, exit, branch = c.handling(cur, vars, stmts)
	}
	if h == handled && src == claimSource && branch != nil {
		c.checkStop(cur, recv, branch)
	}
	// A PartitionConsumer's receive is reported when its message, a named
	// variable, is used unchecked or its check receives again: a blank or
	// discarded message (a drain, case _, ok := <-pc.Messages()) is never
	// dereferenced.
	if h == handled || src == partitionSource && (len(vars) == 0 || vars[0] == nil) {
		return
	}
	name, ft := c.funcName(cur)
	if ft == nil {
		// A package variable's initializer (only code being written has
		// one on a claim): no handler to return from, no name to give.
		return
	}
	ret := returnText(info, ft)
	chanText := types.ExprString(recv.X)
	d := analysis.Diagnostic{Pos: recv.Pos(), End: recv.End(), Category: categoryUnchecked}
	switch h {
	case unchecked:
		d.Message = fmt.Sprintf("receive from %s in %s does not check for a closed channel, use the comma-ok form and return when !ok (a released claim's channel yields nil at once: nil dereference or a loop that spins)", chanText, name)
		if src == partitionSource {
			d.Category = categoryPartition
			d.Message = fmt.Sprintf("receive from %s in %s does not check for a closed channel, use the comma-ok form and return when !ok (a PartitionConsumer's channel is closed by AsyncClose, Close and a fatal error such as ErrOffsetOutOfRange, and then yields nil at once: nil dereference or a loop that spins)", chanText, name)
		}
		if ret != "" && assign != nil && assign.Tok == token.DEFINE && len(vars) == 1 && !c.mentionsOK(cur) {
			// Before the next statement, so that a comment at the end of
			// the receive's line stays there.
			ins, at := "if !ok {\n"+ret+"\n}\n", token.NoPos
			if len(stmts) > 0 {
				at = stmts[0].Pos()
			} else if at = colon; !at.IsValid() {
				at = assign.End()
			}
			if len(stmts) == 0 {
				ins = "\n" + ins
			}
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message: "Receive with comma-ok and " + ret + " when the channel is closed",
				TextEdits: []analysis.TextEdit{
					{Pos: assign.Lhs[0].End(), End: assign.Lhs[0].End(), NewText: []byte(", ok")},
					{Pos: at, End: at, NewText: []byte(ins)},
				},
			}}
		}
	case spins:
		d.Category = categorySpin
		what := "continue"
		if b, ok := exit.(*ast.BranchStmt); ok && b.Tok == token.BREAK {
			what = "break out of the select"
		}
		_, noElse := exit.(*ast.IfStmt)
		if noElse {
			what = "an if with no else"
		}
		d.Pos, d.End = exit.Pos(), exit.End()
		d.Message = fmt.Sprintf("%s on a closed %s channel in %s receives from it again, return instead (a released claim's channel yields nil at once: the loop spins)", what, chanText, name)
		if src == partitionSource {
			d.Category = categoryPartition
			d.Message = fmt.Sprintf("%s on a closed %s channel in %s receives from it again, return instead (a PartitionConsumer's closed channel yields nil at once: the loop spins)", what, chanText, name)
		}
		d.Related = []analysis.RelatedInformation{{Pos: recv.Pos(), End: recv.End(), Message: "the receive"}}
		switch {
		case ret == "":
		case noElse && len(stmts) > 0:
			// The if's body handles the messages: the fix adds the missing
			// check right after the receive rather than replace the if,
			// which would drop every message and what the loop does after
			// it (an Unlock), and before anything the loop takes on (a Lock).
			check := vars[0].Name() + " == nil"
			if len(vars) == 2 {
				check = "!" + vars[1].Name()
			}
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Return when " + check + ", right after the receive",
				TextEdits: []analysis.TextEdit{{Pos: stmts[0].Pos(), End: stmts[0].Pos(), NewText: []byte("if " + check + " {\n" + ret + "\n}\n")}},
			}}
		default:
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Replace with " + ret,
				TextEdits: []analysis.TextEdit{{Pos: exit.Pos(), End: exit.End(), NewText: []byte(ret)}},
			}}
		}
	}
	c.pass.Report(d)
}

func isDeclStmt(n ast.Node) bool {
	_, ok := n.(*ast.DeclStmt)
	return ok
}

// after returns the statements that follow the statement at cur in its list.
func after(cur inspector.Cursor) []ast.Stmt {
	var list []ast.Stmt
	switch p := cur.Parent().Node().(type) {
	case *ast.BlockStmt:
		list = p.List
	case *ast.CaseClause:
		list = p.Body
	case *ast.CommClause:
		list = p.Body
	case *ast.LabeledStmt:
		return after(cur.Parent())
	}
	for i, s := range list {
		if s == cur.Node() {
			return list[i+1:]
		}
	}
	return nil
}

// handling classifies what stmts do on a closed channel, given vars, the
// message and (in the comma-ok form) ok: the first statement that mentions
// them must be an if statement that checks for the closing (!ok, msg == nil,
// or their converse with an else branch) and leaves the loop there.
func (c *checker) handling(cur inspector.Cursor, vars []types.Object, stmts []ast.Stmt) (handling, ast.Stmt, *ast.BlockStmt) {
	for i, s := range stmts {
		if !c.mentions(s, vars) {
			continue
		}
		if c.helperChecks(cur, vars, s, stmts[i+1:]) {
			return handled, nil, nil
		}
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Init != nil {
			return unchecked, nil, nil
		}
		var branch ast.Stmt
		switch {
		case c.closedWhen(ifs.Cond, vars, true):
			branch = ifs.Body
		case c.closedWhen(ifs.Cond, vars, false):
			if ifs.Else == nil {
				return spins, ifs, nil // nothing is done when closed: the loop goes on
			}
			branch = ifs.Else
		default:
			return unchecked, nil, nil
		}
		blk, ok := branch.(*ast.BlockStmt)
		if !ok || len(blk.List) == 0 {
			return unchecked, nil, nil
		}
		last := blk.List[len(blk.List)-1]
		if c.leaves(cur, last) {
			return handled, nil, blk
		}
		if b, ok := last.(*ast.BranchStmt); ok && (b.Tok == token.CONTINUE || b.Tok == token.BREAK) {
			return spins, b, nil
		}
		return unchecked, nil, nil
	}
	return unchecked, nil, nil
}

// helperChecks reports whether s, the first statement after a comma-ok
// receive that mentions its message or ok (vars), hands ok to a function of
// the package that returns a non-nil error when !ok before it uses the
// message (helperReturnsOnClosed), and leaves the loop on that error:
// if err := h.handle(msg, ok); err != nil { return err }, also with = or
// as err := h.handle(msg, ok) followed (in rest) by the if, or
// if h.handle(msg, ok) != nil { return ... }; or to one with a single bool
// result that returns a constant on !ok, the if leaving when the result is
// that constant (if !h.process(msg, ok) { return nil }).
func (c *checker) helperChecks(cur inspector.Cursor, vars []types.Object, s ast.Stmt, rest []ast.Stmt) bool {
	if len(vars) != 2 || vars[1] == nil {
		return false
	}
	info := c.pass.TypesInfo
	// errOf returns the call and the variable it assigns in err := call.
	errOf := func(s ast.Stmt) (*ast.CallExpr, types.Object) {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) {
			return nil, nil
		}
		id, _ := ast.Unparen(as.Lhs[0]).(*ast.Ident)
		call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if id == nil || call == nil {
			return nil, nil
		}
		obj := info.Defs[id]
		if obj == nil {
			obj = info.Uses[id]
		}
		return call, obj
	}
	// nonNil returns x in x != nil (or nil != x).
	nonNil := func(e ast.Expr) ast.Expr {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || b.Op != token.NEQ {
			return nil
		}
		isNil := func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && info.Uses[id] == types.Universe.Lookup("nil")
		}
		switch {
		case isNil(b.Y):
			return b.X
		case isNil(b.X):
			return b.Y
		}
		return nil
	}
	var (
		call   *ast.CallExpr
		ifs    *ast.IfStmt
		result = "error" // what the function returns on !ok for the if to leave
	)
	switch st := s.(type) {
	case *ast.IfStmt:
		ifs = st
		x := nonNil(st.Cond)
		if x == nil {
			if st.Init != nil {
				return false
			}
			// if h.process(msg, ok), if !h.process(msg, ok)
			result = "true"
			x = ast.Unparen(st.Cond)
			if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
				result, x = "false", u.X
			}
			if call, _ = ast.Unparen(x).(*ast.CallExpr); call == nil {
				return false
			}
			break
		}
		if st.Init == nil {
			call, _ = ast.Unparen(x).(*ast.CallExpr)
			break
		}
		var errVar types.Object
		call, errVar = errOf(st.Init)
		if id, ok := ast.Unparen(x).(*ast.Ident); !ok || errVar == nil || info.Uses[id] != errVar {
			return false
		}
	case *ast.AssignStmt:
		var errVar types.Object
		call, errVar = errOf(st)
		if call == nil || errVar == nil || len(rest) == 0 {
			return false
		}
		ifs, _ = rest[0].(*ast.IfStmt)
		if ifs == nil || ifs.Init != nil {
			return false
		}
		if id, ok := ast.Unparen(nonNil(ifs.Cond)).(*ast.Ident); !ok || info.Uses[id] != errVar {
			return false
		}
	}
	if call == nil || ifs == nil || len(ifs.Body.List) == 0 || !c.leaves(cur, ifs.Body.List[len(ifs.Body.List)-1]) {
		return false
	}
	return c.helperReturnsOnClosed(call, vars, result)
}

// helperReturnsOnClosed reports whether call, a call of a function of the
// package with a single error result (a single bool result when result is
// "true" or "false"), is given ok (vars[1]) as an argument
// of its own, and the message (vars[0]) at most as one (not msg.Value: the
// caller would dereference it), and the function's first statement that
// mentions those parameters is an if on their closing (!ok, msg == nil...)
// whose branch ends in a return of an error other than nil (of the constant
// result). One call down.
func (c *checker) helperReturnsOnClosed(call *ast.CallExpr, vars []types.Object, result string) bool {
	info := c.pass.TypesInfo
	fn := analysisutil.CalledFunc(info, call)
	if fn == nil {
		return false
	}
	decl := c.funcs[fn.Origin()]
	sig, _ := fn.Type().(*types.Signature)
	resultType := "error"
	if result != "error" {
		resultType = "bool"
	}
	if decl == nil || decl.Body == nil || sig == nil || sig.Results().Len() != 1 ||
		!types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup(resultType).Type()) {
		return false
	}
	var params [2]types.Object // the function's message and ok parameters
	for i, arg := range call.Args {
		if sig.Variadic() && i >= sig.Params().Len()-1 || i >= sig.Params().Len() {
			return false
		}
		id, _ := ast.Unparen(arg).(*ast.Ident)
		switch {
		case id != nil && info.Uses[id] == vars[0] && params[0] == nil:
			params[0] = sig.Params().At(i)
		case id != nil && info.Uses[id] == vars[1] && params[1] == nil:
			params[1] = sig.Params().At(i)
		case c.mentions(arg, vars):
			return false
		}
	}
	if params[1] == nil || params[1].Name() == "" || params[1].Name() == "_" {
		return false
	}
	if params[0] != nil && (params[0].Name() == "" || params[0].Name() == "_") {
		params[0] = nil
	}
	objs := []types.Object{params[0], params[1]}
	for _, s := range decl.Body.List {
		if !c.mentions(s, objs) {
			continue
		}
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Init != nil || !c.closedWhen(ifs.Cond, objs, true) || len(ifs.Body.List) == 0 {
			return false
		}
		ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return false
		}
		id, isID := ast.Unparen(ret.Results[0]).(*ast.Ident)
		if result != "error" {
			return isID && info.Uses[id] == types.Universe.Lookup(result)
		}
		return !isID || info.Uses[id] != types.Universe.Lookup("nil")
	}
	return false
}

// closedWhen reports whether cond is value exactly when the channel may be
// closed: !ok, ok == false, msg == nil (true); ok, msg != nil (false), also
// as an operand of || (true) or && (false).
func (c *checker) closedWhen(cond ast.Expr, vars []types.Object, value bool) bool {
	info := c.pass.TypesInfo
	msg, ok := vars[0], types.Object(nil)
	if len(vars) == 2 {
		ok = vars[1]
	}
	is := func(e ast.Expr, obj types.Object) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && obj != nil && info.Uses[id] == obj
	}
	isNil := func(e ast.Expr) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && id.Name == "nil" && info.Uses[id] == types.Universe.Lookup("nil")
	}
	isBool := func(e ast.Expr, b bool) bool {
		id, isID := ast.Unparen(e).(*ast.Ident)
		return isID && info.Uses[id] == types.Universe.Lookup(fmt.Sprint(b))
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.Ident:
		return !value && is(e, ok)
	case *ast.UnaryExpr:
		return e.Op == token.NOT && c.closedWhen(e.X, vars, !value)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			return value && (c.closedWhen(e.X, vars, true) || c.closedWhen(e.Y, vars, true))
		case token.LAND:
			return !value && (c.closedWhen(e.X, vars, false) || c.closedWhen(e.Y, vars, false))
		case token.EQL, token.NEQ:
			eq := (e.Op == token.EQL) == value
			if (is(e.X, msg) && isNil(e.Y)) || (isNil(e.X) && is(e.Y, msg)) {
				return eq
			}
			if (is(e.X, ok) && isBool(e.Y, false)) || (isBool(e.X, false) && is(e.Y, ok)) {
				return eq
			}
			if (is(e.X, ok) && isBool(e.Y, true)) || (isBool(e.X, true) && is(e.Y, ok)) {
				return !eq
			}
		}
	}
	return false
}

// leaves reports whether s, the last statement of a branch of the code at
// cur, leaves the claim loop: a return, a goto, a labelled break, an
// unlabelled break directly in a for loop (not in a select or switch), or a
// call that does not return (internal/noreturn's answer: panic, os.Exit,
// log.Fatal, the loggers' Fatal, a function of the program's that never
// returns...).
func (c *checker) leaves(cur inspector.Cursor, s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		switch s.Tok {
		case token.GOTO:
			return true
		case token.BREAK:
			if s.Label != nil {
				return true
			}
			for e := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.SelectStmt)(nil),
				(*ast.SwitchStmt)(nil), (*ast.TypeSwitchStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
				switch e.Node().(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					return true
				}
				return false
			}
		}
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && !c.noreturn.MayReturn(call)
	}
	return false
}

// mentions reports whether n refers to one of objs.
func (c *checker) mentions(n ast.Node, objs []types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			if obj := c.pass.TypesInfo.Uses[id]; obj != nil {
				for _, o := range objs {
					found = found || o == obj
				}
			}
		}
		return !found
	})
	return found
}

// mentionsOK reports whether the function around cur has an identifier ok
// anywhere: the fix declares one, and would shadow or reuse it.
func (c *checker) mentionsOK(cur inspector.Cursor) bool {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		found := false
		ast.Inspect(f.Node(), func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == "ok" {
				found = true
			}
			return !found
		})
		return found
	}
	return true
}

// checkStop reports, in branch, the branch a receive from a claim's channel
// takes when the channel is closed, a statement of its own (not under a
// condition) that stops the whole consumer: a call that does not return
// (os.Exit, log.Fatal, a panic), ConsumerGroup.Close, or a call of a
// context.CancelFunc made outside the handler (stopCancel). A claim's channel
// closes at every rebalance of an eager strategy while the group goes on
// (docs/library-facts.md, S8): the consumer stops at the first rebalance.
func (c *checker) checkStop(cur inspector.Cursor, recv *ast.UnaryExpr, branch *ast.BlockStmt) {
	info := c.pass.TypesInfo
	name, _ := c.funcName(cur)
	chanText := types.ExprString(recv.X)
	for _, st := range branch.List {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			continue
		}
		var what, consequence string
		switch fn := analysisutil.CalledFunc(info, call); {
		case fn != nil && saramaapi.IsMethod(fn, saramaapi.ConsumerGroup, "Close"):
			what, consequence = "closing the consumer group", "stops the consumer"
		case c.stopCancel(cur, call):
			what, consequence = "calling the cancel func "+types.ExprString(call.Fun), "stops the consumer"
		case !c.noreturn.MayReturn(call) && !endsGoroutine(fn):
			what, consequence = types.ExprString(call.Fun), "ends the process"
			if fn == nil {
				what = "a panic"
			}
		default:
			continue
		}
		c.pass.Report(analysis.Diagnostic{
			Pos: call.Pos(), End: call.End(), Category: categoryStop,
			Message: fmt.Sprintf("%s on a closed %s channel in %s %s, return nil instead (a claim's channel is closed at every rebalance of an eager strategy while the group goes on: the consumer stops at the first rebalance)", what, chanText, name, consequence),
			Related: []analysis.RelatedInformation{{Pos: recv.Pos(), End: recv.End(), Message: "the receive"}},
		})
		return
	}
}

// endsGoroutine reports whether fn, a call that does not return, ends only
// its goroutine or test (runtime.Goexit, testing's FailNow and Skip...).
func endsGoroutine(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "runtime", "testing":
		return true
	}
	return false
}

// stopCancel reports whether call calls a context.CancelFunc (or
// CancelCauseFunc) held outside the handler: a package-level variable, a
// field that no function taking a sarama session or claim assigns, or a
// local variable captured from a function other than the receive's that takes
// neither. A cancel func made for the claim or the session (in ConsumeClaim,
// in Setup, from session.Context()) ends only what the claim started.
func (c *checker) stopCancel(cur inspector.Cursor, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if !isCancelFunc(info.TypeOf(call.Fun)) {
		return false
	}
	var v *types.Var
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		v, _ = info.Uses[f].(*types.Var)
	case *ast.SelectorExpr:
		if sel := info.Selections[f]; sel != nil && sel.Kind() == types.FieldVal {
			v, _ = sel.Obj().(*types.Var)
		} else {
			v, _ = info.Uses[f.Sel].(*types.Var) // a package's variable
		}
	}
	if v == nil || v.Pkg() != c.pass.Pkg {
		return false
	}
	in := analysisutil.InspectorOf(c.pass)
	if v.IsField() {
		return !c.assignedInHandler(in, v)
	}
	if v.Parent() == v.Pkg().Scope() {
		return true
	}
	// A local variable: declared in which function?
	decl, ok := in.Root().FindByPos(v.Pos(), v.Pos())
	if !ok {
		return false
	}
	var declFn ast.Node
	for f := range decl.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		declFn = f.Node()
		break
	}
	recvFn, _ := analysisutil.InnermostFunc(cur)
	return declFn != nil && declFn != recvFn && !c.takesSession(declFn)
}

// assignedInHandler reports whether a function that takes a sarama session or
// claim assigns the field v.
func (c *checker) assignedInHandler(in *inspector.Inspector, v *types.Var) bool {
	info := c.pass.TypesInfo
	found := false
	for cur := range in.Root().Preorder((*ast.AssignStmt)(nil)) {
		for _, lhs := range cur.Node().(*ast.AssignStmt).Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok || info.Uses[sel.Sel] != v {
				continue
			}
			for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
				found = found || c.takesSession(f.Node())
				break
			}
		}
		if found {
			return true
		}
	}
	return false
}

// takesSession reports whether the function fn has a parameter of sarama's
// ConsumerGroupSession or ConsumerGroupClaim.
func (c *checker) takesSession(fn ast.Node) bool {
	var ft *ast.FuncType
	switch f := fn.(type) {
	case *ast.FuncDecl:
		ft = f.Type
	case *ast.FuncLit:
		ft = f.Type
	}
	if ft == nil || ft.Params == nil {
		return false
	}
	for _, p := range ft.Params.List {
		t := c.pass.TypesInfo.TypeOf(p.Type)
		if saramaapi.IsType(t, saramaapi.ConsumerGroupSession) || saramaapi.IsType(t, saramaapi.ConsumerGroupClaim) {
			return true
		}
	}
	return false
}

// isCancelFunc reports whether t is context.CancelFunc or context.CancelCauseFunc.
func isCancelFunc(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" {
		return false
	}
	return n.Obj().Name() == "CancelFunc" || n.Obj().Name() == "CancelCauseFunc"
}
