package claimloop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
)

// watch is what a function does with a session it is given.
type watch int

const (
	ignores watch = iota // never calls Context on it
	watches              // calls Context on it
	unknown              // hands it to code the package cannot see, or stores it
	visiting
)

// checkSession reports a ConsumeClaim method whose loop over the claim's
// messages may block and never watches the session's Context().
func (c *checker) checkSession(cur inspector.Cursor, decl *ast.FuncDecl) {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if decl.Body == nil || !saramaapi.IsConsumeClaim(fn) {
		return
	}
	if c.watchOf(decl) != ignores {
		return
	}
	// The loop: a range over the claim's channel, or the loop around a
	// receive from it, in the method itself (not in its function literals,
	// which may run elsewhere), or in a function of the package that the
	// method hands the claim to and that runs before it returns (return
	// h.loop(sess, claim)).
	sess := "the session"
	if p := decl.Type.Params.List; len(p) > 0 && len(p[0].Names) > 0 && p[0].Names[0].Name != "_" {
		sess = p[0].Names[0].Name
	}
	body, _ := cur.FindNode(decl.Body)
	loop, chanExpr := c.claimLoop(body)
	where := analysisutil.LocalFuncName(fn)
	if loop == nil && c.checkGoroutineLoop(body, decl, fn, sess) {
		return
	}
	if loop == nil {
		helper := c.delegate(decl, make(map[*ast.FuncDecl]bool))
		if helper == nil {
			c.checkLibraryLoop(decl, fn, sess)
			return
		}
		hfn, _ := info.Defs[helper.Name].(*types.Func)
		in := analysisutil.InspectorOf(c.pass)
		if hfn == nil {
			return
		}
		hbody, ok := in.Root().FindNode(helper.Body)
		if !ok {
			return
		}
		loop, chanExpr = c.claimLoop(hbody)
		if loop == nil || c.reported[loop] {
			return
		}
		c.reported[loop] = true
		where = fmt.Sprintf("%s, which %s runs,", analysisutil.LocalFuncName(hfn), analysisutil.LocalFuncName(fn))
	}
	// A loop whose body does not block ends when the claim's channel is
	// closed at the end of the session: the runtime proof shows it releases
	// its claims at once (docs/library-facts.md, S2), so only a loop that
	// may block is reported.
	blk, in := c.blocking(loop)
	if blk == nil {
		return
	}
	related := "blocks here"
	if in != nil {
		if ifn, _ := info.Defs[in.Name].(*types.Func); ifn != nil {
			related = fmt.Sprintf("blocks here, in %s, which the loop calls", analysisutil.LocalFuncName(ifn))
		}
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: loop.Pos(), End: loopHead(loop), Category: categoryBlocked,
		Message: fmt.Sprintf("loop over %s in %s blocks and never watches %s.Context().Done(), select on it and return when it is done (a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed)", types.ExprString(chanExpr), where, sess),
		Related: []analysis.RelatedInformation{{Pos: blk.Pos(), End: blk.End(), Message: related}},
	})
}

// claimLoop returns the loop over the claim's channel in the body at cur, not
// in its function literals, and the channel expression.
func (c *checker) claimLoop(body inspector.Cursor) (ast.Node, ast.Expr) {
	var loop ast.Node
	var chanExpr ast.Expr
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.RangeStmt)(nil), (*ast.UnaryExpr)(nil)}, func(k inspector.Cursor) bool {
		if loop != nil {
			return false
		}
		switch n := k.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.RangeStmt:
			if c.isClaimChannel(k, n.X, n.For) || c.isClaimRange(n) {
				loop, chanExpr = n, n.X
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && c.isClaimChannel(k, n.X, n.OpPos) {
				for e := range k.Enclosing((*ast.ForStmt)(nil), (*ast.FuncLit)(nil)) {
					if f, ok := e.Node().(*ast.ForStmt); ok {
						loop, chanExpr = f, n.X
					}
					break
				}
			}
		}
		return true
	})
	return loop, chanExpr
}

// delegate returns the function of the package that decl hands the claim to
// (the claim, or its Messages() channel, as an argument of a call made in
// decl's own body, not in a function literal or a go statement) and that has
// the claim loop, directly or through such calls of its own; nil if none.
func (c *checker) delegate(decl *ast.FuncDecl, seen map[*ast.FuncDecl]bool) *ast.FuncDecl {
	if seen[decl] || len(seen) > 8 {
		return nil
	}
	seen[decl] = true
	info := c.pass.TypesInfo
	var found *ast.FuncDecl
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			passes := false
			for _, a := range n.Args {
				t := info.TypeOf(a)
				passes = passes || saramaapi.IsType(t, saramaapi.ConsumerGroupClaim) || isMessageChan(t)
			}
			d := c.funcs[analysisutil.CalledFunc(info, n)]
			if !passes || d == nil || d.Body == nil || d == decl {
				return true
			}
			if c.hasClaimLoop(d) {
				found = d
			} else {
				found = c.delegate(d, seen)
			}
		}
		return found == nil
	})
	return found
}

// hasClaimLoop reports whether decl's body has a loop over a claim's channel.
func (c *checker) hasClaimLoop(decl *ast.FuncDecl) bool {
	in := analysisutil.InspectorOf(c.pass)
	body, ok := in.Root().FindNode(decl.Body)
	if !ok {
		return false
	}
	loop, _ := c.claimLoop(body)
	return loop != nil
}

// isClaimRange reports whether the range statement ranges over a claim's
// Messages() call (the SSA form of a range has no receive at its position).
func (c *checker) isClaimRange(r *ast.RangeStmt) bool {
	call, ok := ast.Unparen(r.X).(*ast.CallExpr)
	return ok && isMessagesCall(c.pass.TypesInfo, call)
}

// loopHead is the end of a loop's header, "for ... {".
func loopHead(n ast.Node) token.Pos {
	switch n := n.(type) {
	case *ast.RangeStmt:
		return n.Body.Lbrace + 1
	case *ast.ForStmt:
		return n.Body.Lbrace + 1
	}
	return n.End()
}

// watchOf says what decl does with its session parameters: whether it calls
// Context on a session, hands one to a function of the package that does, or
// hands one to code the package cannot see.
func (c *checker) watchOf(decl *ast.FuncDecl) watch {
	if w, ok := c.watches[decl]; ok {
		if w == visiting {
			return ignores // recursion: the other calls decide
		}
		return w
	}
	c.watches[decl] = visiting
	w := c.scan(decl.Body)
	c.watches[decl] = w
	return w
}

func (c *checker) scan(body ast.Node) watch {
	info := c.pass.TypesInfo
	w := ignores
	isSession := func(e ast.Expr) bool { return saramaapi.IsType(info.TypeOf(e), saramaapi.ConsumerGroupSession) }
	// Uses of a session value other than as a method call's receiver.
	receivers := make(map[ast.Expr]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		if w == watches {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			fn := analysisutil.CalledFunc(info, n)
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && isSession(sel.X) {
				receivers[ast.Unparen(sel.X)] = true
				if saramaapi.IsMethod(fn, saramaapi.ConsumerGroupSession, "Context") || fn == nil || !saramaapi.IsSaramaPackage(fn.Pkg()) {
					w = watches // Context, or a method of a wrapper of the program's
					return false
				}
			}
			passes := false
			for _, a := range n.Args {
				passes = passes || isSession(a)
			}
			if !passes {
				return true
			}
			for _, a := range n.Args {
				if isSession(a) {
					receivers[ast.Unparen(a)] = true
				}
			}
			if decl := c.funcs[fn]; decl != nil {
				if cw := c.watchOf(decl); cw != ignores {
					w = max(w, cw)
				}
			} else if f := c.loopFact(fn); f == nil || f.Session < 0 || f.Session >= len(n.Args) || !isSession(n.Args[f.Session]) {
				w = max(w, unknown) // code the package cannot see; a blocking loop's fact says it never watches
			}
		case *ast.Ident:
			if isSession(n) && !receivers[n] {
				if _, ok := info.Uses[n].(*types.Var); ok && !c.onlyRead(n) {
					w = max(w, unknown)
				}
			}
		}
		return true
	})
	return w
}

// onlyRead reports whether the session identifier id is used in a way that
// does not hand it on: the callee or argument of a call (looked at by scan),
// or a comparison.
func (c *checker) onlyRead(id *ast.Ident) bool {
	in := analysisutil.InspectorOf(c.pass)
	cur, ok := in.Root().FindNode(id)
	if !ok {
		return false
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.SelectorExpr:
		return p.X == id // a method value or field: the call is looked at
	case *ast.CallExpr:
		return true
	case *ast.BinaryExpr:
		return true
	case *ast.CompositeLit:
		// SaramaMessage{message, session, done}: the field at its index.
		t := c.pass.TypesInfo.TypeOf(p)
		if t == nil {
			return false
		}
		st, _ := t.Underlying().(*types.Struct)
		for i, e := range p.Elts {
			if e == id && st != nil && i < st.NumFields() {
				return c.fieldOnlyCalled(st.Field(i))
			}
		}
	case *ast.KeyValueExpr:
		if key, ok := p.Key.(*ast.Ident); ok && p.Value == id {
			if _, lit := cur.Parent().Parent().Node().(*ast.CompositeLit); lit {
				f, _ := c.pass.TypesInfo.Uses[key].(*types.Var)
				return f != nil && f.IsField() && c.fieldOnlyCalled(f)
			}
		}
	}
	return false
}

// fieldOnlyCalled reports whether f, a field a session is stored in, is an
// unexported field of a struct of the package whose every use is a key of a
// composite literal or the receiver of a call of one of sarama's session
// methods other than Context (M.session.MarkMessage(M.message, "")): no code
// outside the package can read it, and none inside watches the session
// through it or hands it on (dp-kafka's SaramaMessage, handed to the
// application, whose Commit marks the message).
func (c *checker) fieldOnlyCalled(f *types.Var) bool {
	if ok, done := c.fields[f]; done {
		return ok
	}
	ok := f.Pkg() == c.pass.Pkg && !f.Exported() && !f.Embedded() && c.fieldUsesOnlyCalled(f)
	c.fields[f] = ok
	return ok
}

func (c *checker) fieldUsesOnlyCalled(f *types.Var) bool {
	info := c.pass.TypesInfo
	root := analysisutil.InspectorOf(c.pass).Root()
	for id, obj := range info.Uses {
		if obj != f {
			continue
		}
		cur, ok := root.FindNode(id)
		if !ok {
			return false
		}
		switch p := cur.Parent().Node().(type) {
		case *ast.KeyValueExpr:
			if p.Key == id {
				continue
			}
		case *ast.SelectorExpr:
			m, _ := cur.Parent().Parent().Node().(*ast.SelectorExpr)
			call, _ := cur.Parent().Parent().Parent().Node().(*ast.CallExpr)
			if p.Sel == id && m != nil && m.X == p && call != nil && call.Fun == m {
				fn := analysisutil.CalledFunc(info, call)
				if fn != nil && saramaapi.IsSaramaPackage(fn.Pkg()) && !saramaapi.IsMethod(fn, saramaapi.ConsumerGroupSession, "Context") {
					continue
				}
			}
		}
		return false
	}
	return true
}

// blocking returns the first operation in loop's body that may block
// indefinitely: a channel send, a receive from a channel other than the
// claim's (told apart by its type), a select without a default, time.Sleep,
// sync.WaitGroup.Wait; or such an operation in a function of the package
// that the body calls with the message or the session (watermill-kafka's
// h.messageHandler.processMessage(ctx, msg, sess, fields), dp-kafka's
// sh.consumeMessage(SaramaMessage{message, session, done})), followed up to
// maxCallDepth calls down. in is the function of the package the operation
// is in, nil when it is in the loop's body. The caller has checked that
// nothing the loop runs watches the session (watchOf follows the same calls
// when they take the session), so a callee that selects on the session's
// context makes the loop silent before this is asked.
// Function literals and go statements are not looked into.
func (c *checker) blocking(loop ast.Node) (found ast.Node, in *ast.FuncDecl) {
	var body *ast.BlockStmt
	switch l := loop.(type) {
	case *ast.RangeStmt:
		body = l.Body
	case *ast.ForStmt:
		body = l.Body
	}
	if body == nil {
		return nil, nil
	}
	return c.blockingIn(body, 0, make(map[*ast.FuncDecl]bool))
}

// maxCallDepth bounds how many calls down blocking looks for the operation
// that blocks: the shapes seen in public code hand the message to a helper
// that blocks itself, or to one more helper that does.
const maxCallDepth = 3

// blockingIn is blocking on a statement list: the loop's body at depth 0, a
// callee's body below.
func (c *checker) blockingIn(body ast.Node, depth int, seen map[*ast.FuncDecl]bool) (ast.Node, *ast.FuncDecl) {
	info := c.pass.TypesInfo
	var found ast.Node
	var in *ast.FuncDecl
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			// The call runs elsewhere: only its operands are evaluated here.
			for _, a := range n.Call.Args {
				ast.Inspect(a, visit)
			}
			return false
		case *ast.SendStmt:
			found = n
		case *ast.SelectStmt:
			hasDefault, claim := false, false
			for _, cc := range n.Body.List {
				cc, ok := cc.(*ast.CommClause)
				if !ok {
					continue
				}
				hasDefault = hasDefault || cc.Comm == nil
				claim = claim || containsClaimReceive(info, cc.Comm)
			}
			if claim || hasDefault {
				// The claim's own select, or a non-blocking one: its
				// cases do not block, their bodies may.
				for _, cc := range n.Body.List {
					if cc, ok := cc.(*ast.CommClause); ok {
						for _, s := range cc.Body {
							ast.Inspect(s, visit)
						}
					}
				}
				return false
			}
			found = n
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && !isMessageChan(info.TypeOf(n.X)) {
				found = n
			}
		case *ast.CallExpr:
			fn := analysisutil.CalledFunc(info, n)
			if fn != nil && fn.Pkg() != nil {
				switch {
				case fn.Pkg().Path() == "time" && fn.Name() == "Sleep":
					found = n
				case fn.Pkg().Path() == "sync" && fn.Name() == "Wait" && isWaitGroup(fn):
					found = n
				}
			}
			if found == nil && depth < maxCallDepth {
				if d := c.funcs[fn]; d != nil && d.Body != nil && !seen[d] && c.handsMessage(n) {
					seen[d] = true
					if f, fin := c.blockingIn(d.Body, depth+1, seen); f != nil {
						found, in = f, fin
						if in == nil {
							in = d
						}
					}
				}
			}
		}
		return found == nil
	}
	ast.Inspect(body, visit)
	return found, in
}

// handsMessage reports whether the call has an argument that mentions a
// claim's message or a session: the value itself, or an expression built
// from it (a composite literal, a conversion).
func (c *checker) handsMessage(call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	for _, a := range call.Args {
		found := false
		ast.Inspect(a, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case ast.Expr:
				t := info.TypeOf(n)
				found = saramaapi.IsType(t, saramaapi.ConsumerGroupSession) || saramaapi.IsType(t, saramaapi.ConsumerMessage)
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func containsClaimReceive(info *types.Info, s ast.Stmt) bool {
	found := false
	if s == nil {
		return false
	}
	ast.Inspect(s, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW && isMessageChan(info.TypeOf(u.X)) {
			found = true
		}
		return !found
	})
	return found
}

func isWaitGroup(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return false
	}
	n := analysisutil.NamedType(sig.Recv().Type())
	return n != nil && n.Obj().Name() == "WaitGroup"
}

// loopFact returns the BlockingLoopFact of fn, a function of another
// package, or nil.
func (c *checker) loopFact(fn *types.Func) *BlockingLoopFact {
	if fn == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(BlockingLoopFact)
	if !c.pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

// checkLibraryLoop reports the call, in the ConsumeClaim decl (not in its
// function literals or go statements), of a function of another package
// whose BlockingLoopFact says it loops over the claim it is given, may block,
// and never watches the session: decl's own watch has been checked.
func (c *checker) checkLibraryLoop(decl *ast.FuncDecl, fn *types.Func, sess string) {
	info := c.pass.TypesInfo
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt:
			return false
		case *ast.CallExpr:
			callee := analysisutil.CalledFunc(info, n)
			f := c.loopFact(callee)
			if f == nil || f.Claim >= len(n.Args) {
				return true
			}
			claim := n.Args[f.Claim]
			if t := info.TypeOf(claim); !saramaapi.IsType(t, saramaapi.ConsumerGroupClaim) && !isMessageChan(t) {
				return true
			}
			c.pass.Report(analysis.Diagnostic{
				Pos: n.Pos(), End: n.End(), Category: categoryBlocked,
				Message: fmt.Sprintf("loop over %s in %s, which %s runs, blocks and never watches %s.Context().Done(), select on it and return when it is done (a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed)", types.ExprString(claim), analysisutil.FuncName(callee), analysisutil.LocalFuncName(fn), sess),
			})
			return false
		}
		return true
	})
}

// exportFact exports a BlockingLoopFact for decl, a function other packages
// can call (not a ConsumeClaim: those are checked where they are) that takes
// a claim or its channel, loops over it, directly or through the package's
// functions it hands it to, in a loop that may block, and never watches the
// session it takes.
func (c *checker) exportFact(cur inspector.Cursor, decl *ast.FuncDecl) {
	info := c.pass.TypesInfo
	fn, _ := info.Defs[decl.Name].(*types.Func)
	if fn == nil || decl.Body == nil || !exported(fn) || saramaapi.IsConsumeClaim(fn) {
		return
	}
	sig := fn.Signature()
	claim, session := -1, -1
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		switch {
		case claim < 0 && (saramaapi.IsType(t, saramaapi.ConsumerGroupClaim) || isMessageChan(t)):
			claim = i
		case session < 0 && saramaapi.IsType(t, saramaapi.ConsumerGroupSession):
			session = i
		}
	}
	if claim < 0 || c.watchOf(decl) != ignores {
		return
	}
	body, _ := cur.FindNode(decl.Body)
	loop, _ := c.claimLoop(body)
	if loop == nil {
		helper := c.delegate(decl, make(map[*ast.FuncDecl]bool))
		in := analysisutil.InspectorOf(c.pass)
		if helper == nil {
			return
		}
		hbody, ok := in.Root().FindNode(helper.Body)
		if !ok {
			return
		}
		loop, _ = c.claimLoop(hbody)
	}
	if loop == nil {
		return
	}
	if blk, _ := c.blocking(loop); blk == nil {
		return
	}
	c.pass.ExportObjectFact(fn, &BlockingLoopFact{Claim: claim, Session: session})
}

// exported reports whether other packages can call fn: it is exported and,
// for a method, so is its receiver's type.
func exported(fn *types.Func) bool {
	if !fn.Exported() {
		return false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return true
	}
	n := analysisutil.NamedType(recv.Type())
	return n != nil && n.Obj().Exported()
}

// checkGoroutineLoop reports the loop over the claim's channel in a function
// literal that decl, a ConsumeClaim that never watches its session, starts
// with a go statement of its own and then waits (a receive, a select, a
// WaitGroup's Wait, a sleep) after starting it: when that loop blocks, the
// wait does not end and ConsumeClaim does not return when the rebalance asks
// it to. It reports whether it found such a goroutine whose loop blocks.
func (c *checker) checkGoroutineLoop(body inspector.Cursor, decl *ast.FuncDecl, fn *types.Func, sess string) bool {
	var goCur inspector.Cursor
	var lit *ast.FuncLit
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.GoStmt)(nil)}, func(k inspector.Cursor) bool {
		if lit != nil {
			return false
		}
		switch n := k.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			if l, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
				if lc, ok := k.FindNode(l.Body); ok {
					if loop, _ := c.claimLoop(lc); loop != nil {
						goCur, lit = k, l
					}
				}
			}
			return false
		}
		return true
	})
	if lit == nil {
		return false
	}
	lc, _ := goCur.FindNode(lit.Body)
	loop, chanExpr := c.claimLoop(lc)
	blk, in := c.blocking(loop)
	if blk == nil {
		return false
	}
	wait := c.waitAfter(goCur, decl.Body)
	if wait == nil {
		return false
	}
	info := c.pass.TypesInfo
	name := analysisutil.LocalFuncName(fn)
	related := "blocks here"
	if in != nil {
		if ifn, _ := info.Defs[in.Name].(*types.Func); ifn != nil {
			related = fmt.Sprintf("blocks here, in %s, which the loop calls", analysisutil.LocalFuncName(ifn))
		}
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: loop.Pos(), End: loopHead(loop), Category: categoryBlocked,
		Message: fmt.Sprintf("loop over %s in a goroutine of %s, which waits after starting it, blocks and never watches %s.Context().Done(), select on it and return when it is done (a rebalance waits for ConsumeClaim to return: past Consumer.Group.Rebalance.Timeout the member is evicted and its offsets are not committed)", types.ExprString(chanExpr), name, sess),
		Related: []analysis.RelatedInformation{
			{Pos: blk.Pos(), End: blk.End(), Message: related},
			{Pos: wait.Pos(), End: wait.End(), Message: name + " waits here"},
		},
	})
	return true
}

// waitAfter returns the first operation that may block in the statements of
// decl's body that run after the go statement at goCur (those after it in
// its list, and after each statement around it), outside function literals.
func (c *checker) waitAfter(goCur inspector.Cursor, declBody *ast.BlockStmt) ast.Node {
	for cur := goCur; cur.Node() != declBody; cur = cur.Parent() {
		switch cur.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return nil
		}
		for _, st := range after(cur) {
			if w, _ := c.blockingIn(st, maxCallDepth, make(map[*ast.FuncDecl]bool)); w != nil {
				return w
			}
		}
	}
	return nil
}
