package revokecommit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/noreturn"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// isWait reports whether fn waits for goroutines: (*sync.WaitGroup).Wait, or
// the Wait of a goroutine group (an errgroup.Group or a type of that shape,
// valueflow.IsGroup).
func isWait(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if fn.Name() != "Wait" || recv == nil || fn.Pkg() == nil {
		return false
	}
	if n := analysisutil.NamedType(recv.Type()); n != nil && fn.Pkg().Path() == "sync" && n.Obj().Name() == "WaitGroup" {
		return true
	}
	return valueflow.IsGroupWait(fn)
}

// effects are the obligations a handler must meet before it gives partitions up.
type effects uint8

const (
	commit        effects = 1 << iota // Commit or CommitOffsets
	invalidate                        // StoreOffsets with kafka.OffsetInvalid
	drain                             // waited for in-flight work (WaitGroup.Wait, a receive)
	drainedCommit                     // committed after such a wait
	done          = commit | invalidate
	all           = done | drain | drainedCommit
)

// A site is an Unassign that may run before everything in missing was done, on
// some path from the entry of the function being summarised.
type site struct {
	unassign *ast.CallExpr // the Unassign call, when in this package
	call     *ast.CallExpr // the call in this package that leads to it (== unassign when direct)
	recv     ast.Expr      // the consumer expression to trace, as seen in this package
	missing  effects
	where    string // "pkg.Func" of another package's function that unassigns
	method   string // and the method it calls there: Unassign or IncrementalUnassign
	// recvParam is, for a site read from another package's fact, the index of the
	// parameter that holds the consumer (-1: the receiver).
	recvParam int
}

// A summary is what calling a function does, from its entry.
type summary struct {
	does      effects // done on every path from entry to a normal return
	unassigns []site  // Unassign calls reachable from entry without all obligations met
}

// A pathChecker runs the must-analysis over function bodies of one package.
type pathChecker struct {
	pass      *analysis.Pass
	in        *inspector.Inspector // the package's syntax
	cs        *pkgindex.Result     // consumer methods behind interfaces and adapters
	funcs     map[*types.Func]*ast.FuncDecl
	summaries map[*types.Func]*summary
	// busy holds the functions being summarised, by their depth on the stack
	// (1 for the outermost). A call of a busy function is a recursion, cut
	// short: it is taken to do nothing. lowestCut is the lowest depth a
	// recursion was cut at since the current summary or body began (0: none).
	// A result that depends on a cut at a function still on the stack depends
	// on which function the walk entered the cycle by, so it is not memoised:
	// what is memoised is what a function does when it is summarised first,
	// whatever the order the summaries are asked for in (the facts exported
	// for mutually recursive helpers do not depend on map order).
	busy      map[*types.Func]int
	lowestCut int
	// relevantSet holds the functions of the package that may commit, store or
	// unassign, computed on first use.
	relevantSet map[*types.Func]bool
	states      map[*ast.BlockStmt]*bodyStates
	nr          *noreturn.Result // which calls do not return
	// runs holds, for functions of the package, the function-typed
	// parameters they call on every path to a normal return (runParams).
	runs map[*types.Func]uint64
	// runLits are the function literals known to run where they are written:
	// called on the spot, or passed to a function that runs them.
	runLits map[*ast.FuncLit]bool
}

// bodyStates holds, for one function body, the state before each call of interest.
type bodyStates struct {
	exit  effects
	calls []callState
}

type callState struct {
	call  *ast.CallExpr
	state effects // obligations met on every path reaching the call
}

// stateBefore analyses body (once) and returns the obligations met before each of
// its calls (outside nested function literals) and on every normal exit.
func (pc *pathChecker) stateBefore(body *ast.BlockStmt) *bodyStates {
	if s, ok := pc.states[body]; ok {
		return s
	}
	outer := pc.lowestCut
	pc.lowestCut = 0
	g := cfg.New(body, pc.nr.MayReturn)
	in := make([]effects, len(g.Blocks))
	out := make([]effects, len(g.Blocks))
	preds := make([][]int32, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s.Index] = append(preds[s.Index], b.Index)
		}
		out[b.Index] = all // top: refined by the fixed-point iteration
	}
	guarded := pc.guardedEdges(g, preds)
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			if !b.Live {
				continue
			}
			var s effects
			if b.Index == 0 {
				s = 0
			} else {
				s = all
				for _, p := range preds[b.Index] {
					if g.Blocks[p].Live {
						s &= out[p] | guardedOut(g, guarded[cfgEdge{p, b.Index}], out, all)
					}
				}
			}
			if pc.excused(b) {
				s = all
			}
			in[b.Index] = s
			for _, n := range b.Nodes {
				s = pc.stepNode(s, n, nil)
			}
			if s != out[b.Index] {
				out[b.Index], changed = s, true
			}
		}
	}
	errorExit := pc.errorReturns(body)
	for r := range nothingToDoReturns(pc.pass.TypesInfo, body) {
		errorExit[r] = true
	}
	res := &bodyStates{exit: all}
	exits := 0
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		s := in[b.Index]
		for _, n := range b.Nodes {
			s = pc.stepNode(s, n, &res.calls)
		}
		if len(b.Succs) == 0 && !errorExit[b.Return()] {
			res.exit &= s
			exits++
		}
	}
	if exits == 0 {
		res.exit = 0 // never returns normally: claim nothing for callers
	}
	sort.Slice(res.calls, func(i, j int) bool { return res.calls[i].call.Pos() < res.calls[j].call.Pos() })
	var dependent bool
	pc.lowestCut, dependent = pc.merged(outer)
	if !dependent {
		pc.states[body] = res // not memoised under a cut recursion (see busy)
	}
	return res
}

// A cfgEdge is an edge of a control-flow graph, from block to block (by index).
type cfgEdge struct{ from, to int32 }

// guardedEdges finds the edges that skip work because there is nothing to do
// it for, and for each the blocks that end the work: on such an edge the work
// counts as done when it is done at the end of every one of those blocks.
//
//   - The exit of a range loop, or of a counted loop ("for i := 0; i < n; i++"),
//     taken before any iteration: a loop over the revoked partitions or the
//     workers does the work for each of them, so with none there is nothing to
//     do, and a bounded retry loop tries at least once. The work of the loop is
//     what every iteration does (the ends of its back edges).
//   - The false edge of "if len(x) > 0 { ... }" without an else (also != 0,
//     >= 1, and x != nil for a slice or map): a guard on "anything to commit"
//     skips only what there is none of. The work is what the then-branch does
//     on every path.
func (pc *pathChecker) guardedEdges(g *cfg.CFG, preds [][]int32) map[cfgEdge][]int32 {
	m := make(map[cfgEdge][]int32)
	for _, b := range g.Blocks {
		switch b.Kind {
		case cfg.KindRangeLoop:
			// The loop block's predecessors created after it are in its body
			// (continue and the back edge); the one before it enters the loop.
			if len(b.Succs) != 2 {
				continue
			}
			var ends []int32
			for _, p := range preds[b.Index] {
				if p > b.Index {
					ends = append(ends, p)
				}
			}
			m[cfgEdge{b.Index, b.Succs[1].Index}] = ends
		case cfg.KindForLoop:
			fs, ok := b.Stmt.(*ast.ForStmt)
			if !ok || fs.Init == nil || fs.Post == nil || len(b.Succs) != 2 {
				continue // not a counted loop: its condition may well be false at first
			}
			var ends []int32
			for _, p := range preds[b.Index] {
				if q := g.Blocks[p]; q.Kind == cfg.KindForPost && q.Stmt == fs {
					ends = append(ends, p)
				}
			}
			m[cfgEdge{b.Index, b.Succs[1].Index}] = ends
		case cfg.KindIfThen:
			ifs, ok := b.Stmt.(*ast.IfStmt)
			if !ok || ifs.Else != nil || !nonEmpty(pc.pass.TypesInfo, ifs.Cond) {
				continue
			}
			// The block after the then-block is the if's done block (cfg
			// creates them in that order); its predecessors other than the
			// condition's block end the then-branch.
			if len(preds[b.Index]) != 1 || int(b.Index)+1 >= len(g.Blocks) {
				continue
			}
			cond, done := preds[b.Index][0], g.Blocks[b.Index+1]
			if done.Kind != cfg.KindIfDone || done.Stmt != ifs {
				continue
			}
			var ends []int32
			for _, p := range preds[done.Index] {
				if p != cond {
					ends = append(ends, p)
				}
			}
			m[cfgEdge{cond, done.Index}] = ends
		}
	}
	return m
}

// guardedOut is the work done at the end of every live block of ends (see
// guardedEdges); nothing when there is none. top is the lattice's top.
func guardedOut[T ~uint8 | ~uint64](g *cfg.CFG, ends []int32, out []T, top T) T {
	s, found := top, false
	for _, p := range ends {
		if g.Blocks[p].Live {
			s &= out[p]
			found = true
		}
	}
	if !found {
		return 0
	}
	return s
}

// nonEmpty reports whether cond tests that a slice, map, string or channel x
// is not empty: len(x) > 0, len(x) != 0, len(x) >= 1, 0 < len(x), or x != nil
// for a slice or map.
func nonEmpty(info *types.Info, cond ast.Expr) bool {
	return emptinessTest(info, cond, false)
}

// emptinessTest reports whether cond tests x for emptiness (empty true: len(x)
// == 0, len(x) < 1, x == nil) or non-emptiness (empty false).
func emptinessTest(info *types.Info, cond ast.Expr, empty bool) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	op, x, y := b.Op, ast.Unparen(b.X), ast.Unparen(b.Y)
	if isIntConst(info, x) { // 0 < len(x): mirror it
		x, y = y, x
		op = analysisutil.MirrorOp(op)
	}
	if isNil(info, y) {
		t := info.TypeOf(x)
		if t == nil {
			return false
		}
		switch t.Underlying().(type) {
		case *types.Slice, *types.Map:
			return (op == token.EQL) == empty && (op == token.EQL || op == token.NEQ)
		}
		return false
	}
	if !isLen(info, x) {
		return false
	}
	n, ok := intConst(info, y)
	if !ok {
		return false
	}
	if empty {
		return (op == token.EQL && n == 0) || (op == token.LSS && n == 1) || (op == token.LEQ && n == 0)
	}
	return (op == token.GTR && n == 0) || (op == token.NEQ && n == 0) || (op == token.GEQ && n == 1)
}

// isLen reports whether e is a call of the builtin len.
func isLen(info *types.Info, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "len"
}

func isIntConst(info *types.Info, e ast.Expr) bool {
	_, ok := intConst(info, e)
	return ok
}

// intConst returns the value of an integer constant expression.
func intConst(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// nothingToDoReturns finds the returns in the then-branch of an emptiness
// test ("if len(offsets) == 0 { return nil }"): a function that returns early
// because there is nothing to commit or invalidate skips nothing that matters,
// so what it does is what it does on its other paths.
func nothingToDoReturns(info *types.Info, body *ast.BlockStmt) map[*ast.ReturnStmt]bool {
	m := make(map[*ast.ReturnStmt]bool)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if !emptinessTest(info, n.Cond, true) {
				return true
			}
			ast.Inspect(n.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ReturnStmt:
					m[n] = true
				}
				return true
			})
		}
		return true
	})
	return m
}

// errorReturns finds the returns of failure branches: inside the then-branch
// of an "if" whose condition tests an error against nil (err != nil, also in a
// conjunction or disjunction, at any depth of nesting), returning a non-nil
// error as the last result (err itself, or wrapped: fmt.Errorf("...: %w", err)).
// What a function does on every path is what it does when it succeeds, because
// callers that check the error do not go on to Unassign after a failure.
func (pc *pathChecker) errorReturns(body *ast.BlockStmt) map[*ast.ReturnStmt]bool {
	m := make(map[*ast.ReturnStmt]bool)
	info := pc.pass.TypesInfo
	var walk func(n ast.Node, failing bool)
	walk = func(n ast.Node, failing bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if n.Init != nil {
					walk(n.Init, failing)
				}
				walk(n.Body, failing || testsError(info, n.Cond))
				if n.Else != nil {
					walk(n.Else, failing)
				}
				return false
			case *ast.ReturnStmt:
				if failing && len(n.Results) > 0 {
					last := ast.Unparen(n.Results[len(n.Results)-1])
					if !isNil(info, last) && isError(info.TypeOf(last)) {
						m[n] = true
					}
				}
			}
			return true
		})
	}
	walk(body, false)
	return m
}

// testsError reports whether cond holds a comparison "x != nil" of an error x.
func testsError(info *types.Info, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.NEQ && isNil(info, b.Y) && isError(info.TypeOf(b.X)) {
			found = true
		}
		return !found
	})
	return found
}

var errorType = types.Universe.Lookup("error").Type()

func isError(t types.Type) bool { return t != nil && types.Identical(t, errorType) }

// isNil reports whether e is the predeclared nil (by type, not by name: a
// shadowing "nil" is not it).
func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// excused reports whether block b only runs when the assignment was lost: the
// then-branch of "if c.AssignmentLost()" or the else-branch of "if !c.AssignmentLost()".
// A lost assignment cannot be committed (ErrAssignmentLost), so nothing is owed there.
func (pc *pathChecker) excused(b *cfg.Block) bool {
	ifs, ok := b.Stmt.(*ast.IfStmt)
	if !ok {
		return false
	}
	cond := ast.Unparen(ifs.Cond)
	negated := false
	if u, ok := cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
		cond, negated = ast.Unparen(u.X), true
	}
	call, ok := cond.(*ast.CallExpr)
	if !ok || !pc.isConsumerCall(call, "AssignmentLost") {
		return false
	}
	return (b.Kind == cfg.KindIfThen && !negated) || (b.Kind == cfg.KindIfElse && negated)
}

// callsIn returns the calls evaluated by a CFG node, innermost first, leaving out
// function literals (they run later, if at all) and deferred or spawned calls.
func callsIn(n ast.Node) []*ast.CallExpr {
	switch n.(type) {
	case *ast.DeferStmt, *ast.GoStmt:
		return nil
	}
	var calls []*ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			calls = append(calls, n)
		}
		return true
	})
	// Arguments are evaluated before the call that takes them.
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].End() < calls[j].End() })
	return calls
}

// isConsumerCall reports whether call calls one of the named *kafka.Consumer
// methods, directly or through an interface or adapter that holds a consumer.
func (pc *pathChecker) isConsumerCall(call *ast.CallExpr, names ...string) bool {
	return kafkaapi.ConsumerMethod(pc.pass.TypesInfo, pc.cs, call, names...) != nil
}

// callees returns what call may call: its static callee, or for a call of an
// interface method the methods of the values behind it (pkgindex.Result.Callees).
func (pc *pathChecker) callees(call *ast.CallExpr) []*types.Func {
	fn := analysisutil.CalledFunc(pc.pass.TypesInfo, call)
	if fn == nil {
		if !pc.funcValueCall(call) {
			return nil
		}
		// A function value: the declared functions and methods it may hold
		// (a hook field set to a method value, say).
		fns, _ := pc.cs.Callees(call)
		return fns
	}
	if recv := fn.Signature().Recv(); recv == nil || !types.IsInterface(recv.Type()) {
		return []*types.Func{fn}
	}
	if !slices.Contains(trackedNames, fn.Name()) && !pc.relevantName(fn.Name()) {
		return nil // no method of that name can commit, store or unassign
	}
	fns, _ := pc.cs.Callees(call)
	if len(fns) == 0 {
		// Nothing behind the interface is known here (a helper's parameter):
		// a method with a consumer method's name and signature is taken to be
		// that method.
		if m := kafkaapi.MirroredConsumerMethod(fn); m != nil {
			return []*types.Func{m}
		}
	}
	return fns
}

// gen returns the obligations a call meets: those every function it may call meets.
// Where an interface may hold the consumer or a type that holds none (a fake
// of the program's tests), only the consumer's methods count: what a fake
// does is done to no consumer.
func (pc *pathChecker) gen(call *ast.CallExpr) effects {
	callees := pc.callees(call)
	if len(callees) == 0 {
		return 0
	}
	if len(callees) > 1 && slices.ContainsFunc(callees, holdsConsumer) {
		callees = slices.DeleteFunc(slices.Clone(callees), func(fn *types.Func) bool { return !holdsConsumer(fn) })
	}
	e := all
	for _, fn := range callees {
		e &= pc.effectOf(fn, call)
	}
	return e
}

// closureEffects returns the obligations met by the function literals a call
// runs: the literal it calls ("func() { ... }()"), and the literals it passes
// to a function of the package that calls that parameter on every path to a
// normal return (a retry helper: "withRetry(func() error { ... })"). What
// such a literal does on every path to its normal return is done by the call.
// A literal that is only stored, or passed to a function that may not call
// it, or to a "go" or "defer" statement (callsIn leaves those out), does
// nothing here.
func (pc *pathChecker) closureEffects(call *ast.CallExpr) effects {
	var e effects
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		e |= pc.litEffects(lit)
	}
	fn := pc.declaredCallee(call)
	if fn == nil || len(call.Args) == 0 {
		return e
	}
	runs := pc.runParams(fn)
	for i, arg := range call.Args {
		lit, ok := ast.Unparen(arg).(*ast.FuncLit)
		if ok && i < 64 && runs&(1<<i) != 0 {
			e |= pc.litEffects(lit)
		}
	}
	return e
}

// declaredCallee returns the function of the package that call calls
// statically with its arguments in the order of its parameters (not a method
// expression, whose first argument is the receiver), or nil.
func (pc *pathChecker) declaredCallee(call *ast.CallExpr) *types.Func {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := pc.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			return nil
		}
	}
	fn := analysisutil.CalledFunc(pc.pass.TypesInfo, call)
	if fn == nil || pc.funcs[fn] == nil {
		return nil
	}
	return fn
}

// litEffects returns what a function literal that runs where it is written
// does on every path to its normal return.
func (pc *pathChecker) litEffects(lit *ast.FuncLit) effects {
	if lit.Body == nil {
		return 0
	}
	pc.runLits[lit] = true
	return pc.stateBefore(lit.Body).exit
}

// runParams returns, as a bit set by index, the function-typed parameters of
// fn, a function of the package, that it calls on every path from its entry
// to a normal return: directly, or by passing them on to a function that
// does. Paths are those of stateBefore: a counted retry loop or a loop over
// a range is taken to run at least once (guardedEdges), and the returns of
// failure branches and of "nothing to do" branches are left out. A call in a
// nested literal, a "go" or a "defer" does not count, nor does a recursive
// call.
func (pc *pathChecker) runParams(fn *types.Func) uint64 {
	if r, ok := pc.runs[fn]; ok {
		return r
	}
	pc.runs[fn] = 0 // while it is computed: a recursive call runs nothing
	decl := pc.funcs[fn]
	if decl == nil || decl.Body == nil {
		return 0
	}
	sig := fn.Signature()
	params := make(map[*types.Var]int)
	var top uint64
	for i := range min(sig.Params().Len(), 64) {
		p := sig.Params().At(i)
		if _, ok := p.Type().Underlying().(*types.Signature); ok { // not a variadic one: a slice
			params[p] = i
			top |= 1 << i
		}
	}
	if top == 0 {
		return 0
	}
	g := cfg.New(decl.Body, pc.nr.MayReturn)
	in := make([]uint64, len(g.Blocks))
	out := make([]uint64, len(g.Blocks))
	preds := make([][]int32, len(g.Blocks))
	for _, b := range g.Blocks {
		for _, s := range b.Succs {
			preds[s.Index] = append(preds[s.Index], b.Index)
		}
		out[b.Index] = top
	}
	guarded := pc.guardedEdges(g, preds)
	step := func(s uint64, n ast.Node) uint64 {
		for _, call := range callsIn(n) {
			s |= pc.paramsRunBy(call, params)
		}
		return s
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			if !b.Live {
				continue
			}
			var s uint64
			if b.Index != 0 {
				s = top
				for _, p := range preds[b.Index] {
					if g.Blocks[p].Live {
						s &= out[p] | guardedOut(g, guarded[cfgEdge{p, b.Index}], out, top)
					}
				}
			}
			in[b.Index] = s
			for _, n := range b.Nodes {
				s = step(s, n)
			}
			if s != out[b.Index] {
				out[b.Index], changed = s, true
			}
		}
	}
	skip := pc.errorReturns(decl.Body)
	for r := range nothingToDoReturns(pc.pass.TypesInfo, decl.Body) {
		skip[r] = true
	}
	runs, exits := top, 0
	for _, b := range g.Blocks {
		if b.Live && len(b.Succs) == 0 && !skip[b.Return()] {
			runs &= out[b.Index]
			exits++
		}
	}
	if exits == 0 {
		runs = 0 // never returns normally: claim nothing for callers
	}
	pc.runs[fn] = runs
	return runs
}

// paramsRunBy returns the parameters of params (by index) that call runs:
// calls, or passes to a function of the package that runs them.
func (pc *pathChecker) paramsRunBy(call *ast.CallExpr, params map[*types.Var]int) uint64 {
	param := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		v, _ := pc.pass.TypesInfo.Uses[id].(*types.Var)
		i, ok := params[v]
		return i, ok && v != nil
	}
	if i, ok := param(call.Fun); ok {
		return 1 << i
	}
	fn := pc.declaredCallee(call)
	if fn == nil {
		return 0
	}
	runs := pc.runParams(fn)
	var s uint64
	for j, arg := range call.Args {
		if i, ok := param(arg); ok && j < 64 && runs&(1<<j) != 0 {
			s |= 1 << i
		}
	}
	return s
}

// holdsConsumer reports whether fn is a method of the library's Consumer or
// of a type that holds one (a *Consumer field, embedded or not).
func holdsConsumer(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	t := recv.Type()
	if kafkaapi.IsConsumer(t) {
		return true
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if kafkaapi.IsConsumer(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// stepNode applies the effects of a CFG node to state s: a receive from a
// channel is a wait, then the calls in evaluation order; calls are recorded
// with the state before them when calls is not nil.
func (pc *pathChecker) stepNode(s effects, n ast.Node, calls *[]callState) effects {
	if receives(n) {
		s |= drain
	}
	for _, call := range callsIn(n) {
		if calls != nil {
			*calls = append(*calls, callState{call, s})
		}
		s = after(s, pc.gen(call)|pc.closureEffects(call))
	}
	return s
}

// after is state s followed by effects e: a commit after a wait is a drained commit.
func after(s, e effects) effects {
	if e&commit != 0 && s&drain != 0 {
		e |= drainedCommit
	}
	return s | e
}

// receives reports whether statement n receives from a channel at its top
// level ("<-done", "v := <-ch", "v, ok := <-ch"): a handshake with a worker.
func receives(n ast.Node) bool {
	var e ast.Expr
	switch n := n.(type) {
	case *ast.ExprStmt:
		e = n.X
	case *ast.AssignStmt:
		if len(n.Rhs) == 1 {
			e = n.Rhs[0]
		}
	case *ast.UnaryExpr:
		e = n
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

func (pc *pathChecker) effectOf(fn *types.Func, call *ast.CallExpr) effects {
	switch {
	case isWait(fn):
		return drain
	case kafkaapi.IsMethod(fn, "Consumer", kafkaapi.Commits...):
		return commit
	case kafkaapi.IsMethod(fn, "Consumer", "StoreOffsets"):
		if pc.invalidates(call) {
			return invalidate
		}
		return 0
	}
	if s := pc.summaryOf(fn); s != nil {
		return s.does
	}
	return 0
}

// invalidates reports whether a StoreOffsets call stores kafka.OffsetInvalid: the
// constant appears in its argument, or in the enclosing function before the call
// (the usual loop that sets Offset on a copy of the partitions).
func (pc *pathChecker) invalidates(call *ast.CallExpr) bool {
	cur, ok := pc.in.Root().FindNode(call)
	if !ok {
		return false
	}
	// The innermost function, or for a literal that runs where it is
	// written (a retry closure), the function it runs in.
	var body *ast.BlockStmt
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := f.Node().(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
			if pc.runLits[f] {
				continue
			}
		}
		break
	}
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() >= call.End() {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && kafkaapi.IsObject(pc.pass.TypesInfo.Uses[id], "OffsetInvalid") {
			found = true
		}
		return true
	})
	return found
}

// summaryOf returns what calling fn does: computed from the body for functions of
// this package, read from facts for others, nil when unknown.
func (pc *pathChecker) summaryOf(fn *types.Func) *summary {
	if s, ok := pc.summaries[fn]; ok {
		return s
	}
	if fn.Pkg() != pc.pass.Pkg {
		var f Summary
		if fn.Pkg() == nil || !pc.pass.ImportObjectFact(fn, &f) {
			return nil
		}
		s := &summary{does: effects(f.Does)}
		for _, u := range f.Unassigns {
			s.unassigns = append(s.unassigns, site{missing: effects(u.Missing), where: u.Where, method: u.Method, recvParam: u.Param})
		}
		pc.summaries[fn] = s
		return s
	}
	decl := pc.funcs[fn]
	if decl == nil {
		return nil // no body: assume nothing
	}
	if d, ok := pc.busy[fn]; ok {
		pc.cut(d)
		return nil // recursion: assume nothing
	}
	if !pc.relevant(fn) {
		s := new(summary) // commits, invalidates and unassigns nothing: no CFG needed
		pc.summaries[fn] = s
		return s
	}
	depth := len(pc.busy) + 1
	pc.busy[fn] = depth
	outer := pc.lowestCut
	pc.lowestCut = 0
	st := pc.stateBefore(decl.Body)
	s := &summary{does: st.exit}
	for _, cs := range st.calls {
		s.unassigns = append(s.unassigns, pc.unassignsAt(cs)...)
	}
	delete(pc.busy, fn)
	if pc.lowestCut == 0 || pc.lowestCut >= depth {
		pc.summaries[fn] = s // cut, if at all, at fn itself or below: its own summary
	}
	pc.lowestCut, _ = pc.merged(outer)
	return s
}

// cut records a recursion cut short at stack depth d.
func (pc *pathChecker) cut(d int) {
	if pc.lowestCut == 0 || d < pc.lowestCut {
		pc.lowestCut = d
	}
}

// merged ends a frame whose outer frame had lowest cut outer: it returns the
// lowest cut for the outer frame (the ending frame's cuts at functions still on
// the stack count there, those at finished ones do not), and whether the ending
// frame's result depends on a cut at a function still on the stack.
func (pc *pathChecker) merged(outer int) (int, bool) {
	inner := pc.lowestCut
	if inner == 0 || inner > len(pc.busy) {
		return outer, false
	}
	if outer == 0 || inner < outer {
		return inner, true
	}
	return outer, true
}

// declaredIn returns the function of pc.funcs in whose body the node at cur
// lies (also inside function literals there), or nil.
func (pc *pathChecker) declaredIn(cur inspector.Cursor) *types.Func {
	for d := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		decl := d.Node().(*ast.FuncDecl)
		if decl.Body == nil || !within(cur.Node().Pos(), decl.Body) {
			return nil // in the signature
		}
		fn, _ := pc.pass.TypesInfo.Defs[decl.Name].(*types.Func)
		if fn == nil || pc.funcs[fn] != decl {
			return nil
		}
		return fn
	}
	return nil
}

// relevant reports whether fn, a function of this package, may commit, store
// or unassign: whether it calls one of the consumer methods the analysis tracks,
// or a function of another package that has a Summary, directly or through
// functions of this package. Only relevant functions get a CFG.
func (pc *pathChecker) relevant(fn *types.Func) bool {
	if pc.relevantSet == nil {
		pc.relevantSet = pc.findRelevant()
	}
	return pc.relevantSet[fn]
}

// findRelevant computes relevant for the whole package: the functions that call
// a tracked method or a summarised function directly, then, to a fixed point,
// those that call a relevant function of the package.
func (pc *pathChecker) findRelevant() map[*types.Func]bool {
	relevant := make(map[*types.Func]bool)
	calls := make(map[*types.Func][]*types.Func)
	for cur := range pc.in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := pc.declaredIn(cur)
		if fn == nil {
			continue // at package level, or in a function without a body or an object
		}
		callee := analysisutil.CalledFunc(pc.pass.TypesInfo, call)
		var f Summary
		switch {
		case callee == nil:
			if pc.funcValueCall(call) {
				relevant[fn] = true // a hook field or parameter: may be anything
			}
		case isWait(callee), kafkaapi.IsMethod(callee, "Consumer", trackedNames...):
			relevant[fn] = true
		case slices.Contains(trackedNames, callee.Name()) && analysisutil.IsInterfaceMethod(callee):
			relevant[fn] = true // may be a consumer behind an interface
		case pc.funcs[callee] != nil:
			calls[fn] = append(calls[fn], callee)
		case callee.Pkg() != nil && callee.Pkg() != pc.pass.Pkg && pc.pass.ImportObjectFact(callee, &f):
			relevant[fn] = true
		}
	}
	// A function that receives from a channel may wait for a worker.
	for cur := range pc.in.Root().Preorder((*ast.UnaryExpr)(nil)) {
		if cur.Node().(*ast.UnaryExpr).Op == token.ARROW {
			if fn := pc.declaredIn(cur); fn != nil {
				relevant[fn] = true
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for fn, callees := range calls {
			for _, c := range callees {
				if !relevant[fn] && relevant[c] {
					relevant[fn], changed = true, true
				}
			}
		}
	}
	return relevant
}

// funcValueCall reports whether call calls a function value (a field, a
// variable, a parameter), not a declared function, a builtin or a conversion.
func (pc *pathChecker) funcValueCall(call *ast.CallExpr) bool {
	tv, ok := pc.pass.TypesInfo.Types[call.Fun]
	if !ok || tv.IsType() || tv.IsBuiltin() {
		return false
	}
	_, isLit := ast.Unparen(call.Fun).(*ast.FuncLit)
	return !isLit && analysisutil.CalledFunc(pc.pass.TypesInfo, call) == nil
}

// trackedNames are the consumer methods whose calls the must-analysis follows:
// the commits, the store of OffsetInvalid, and the unassigns.
var trackedNames = slices.Concat(kafkaapi.Commits, []string{"StoreOffsets"}, kafkaapi.Unassigns)

// relevantName reports whether a method of the package with this name may
// commit, store or unassign: an interface call of that name may reach it.
func (pc *pathChecker) relevantName(name string) bool {
	if pc.relevantSet == nil {
		pc.relevantSet = pc.findRelevant()
	}
	for fn := range pc.relevantSet {
		if fn.Name() == name {
			return true
		}
	}
	return false
}

// unassignsAt returns the Unassigns that a call leads to without all obligations
// met, given the obligations met before it.
func (pc *pathChecker) unassignsAt(cs callState) []site {
	var sites []site
	for _, fn := range pc.callees(cs.call) {
		sites = append(sites, pc.unassignsOf(fn, cs)...)
	}
	return sites
}

func (pc *pathChecker) unassignsOf(fn *types.Func, cs callState) []site {
	call := cs.call
	if kafkaapi.IsMethod(fn, "Consumer", kafkaapi.Unassigns...) {
		if missing := (done | drainedCommit) &^ cs.state; missing != 0 {
			return []site{{unassign: call, call: call, recv: analysisutil.Receiver(call), missing: missing}}
		}
		return nil
	}
	callee := pc.summaryOf(fn)
	if callee == nil {
		return nil
	}
	var sites []site
	for _, u := range callee.unassigns {
		missing := u.missing &^ cs.state
		if missing == 0 {
			continue
		}
		u.missing = missing
		if u.unassign == nil {
			// from another package: report at this call, trace its argument
			u.call, u.recv = call, argument(call, u.recvParam)
		}
		sites = append(sites, u)
	}
	return sites
}
