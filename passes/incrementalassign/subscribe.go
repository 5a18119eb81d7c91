package incrementalassign

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/rebalance"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

const categoryAssignSubscribe = "assignsubscribe" // Assign, then Subscribe on the same consumer

// checkManual checks the assignment calls made outside rebalance handlers:
// categories assignsubscribe and sharedassign.
func checkManual(pass *analysis.Pass, kc *kafkaconfig.Result, cs *pkgindex.Result, handlers []*rebalance.Handler) {
	inHandler := make(map[*ast.CallExpr]bool)
	for _, h := range handlers {
		for _, call := range h.Calls() {
			inHandler[call] = true
		}
	}
	checkAssignSubscribe(pass, cs, handlers, inHandler)
	checkSharedAssign(pass, kc, cs, inHandler)
}

// A manualCall is an Assign-family or Subscribe-family call of one function,
// with the place its receiver reads.
type manualCall struct {
	call   *ast.CallExpr
	method string
	key    string // placeKey of the receiver
}

// checkAssignSubscribe reports Assign or IncrementalAssign calls that a later
// Subscribe or SubscribeTopics of the same function, on the same consumer,
// can follow (docs/library-facts.md, F37): the group's first assignment
// replaces the manual one, so the positions asked for are not where
// consumption starts. Only calls whose receivers read the same variable or
// field path are compared; a rebalance callback (or a Poll loop's
// AssignedPartitions case in the same function) that sets positions itself
// excuses the pair.
func checkAssignSubscribe(pass *analysis.Pass, cs *pkgindex.Result, handlers []*rebalance.Handler, inHandler map[*ast.CallExpr]bool) {
	byFunc := make(map[ast.Node][]manualCall)
	var order []ast.Node
	hasSubscribe := make(map[ast.Node]bool)
	for cur := range analysisutil.InspectorOf(pass).Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := kafkaapi.ConsumerMethod(pass.TypesInfo, cs, call, "Assign", "IncrementalAssign", "Subscribe", "SubscribeTopics")
		if fn == nil || inHandler[call] {
			continue // not an assignment or subscription, or one made for a rebalance event
		}
		key := placeKey(pass.TypesInfo, analysisutil.Receiver(call))
		if key == "" {
			continue // a receiver that is no variable or field path: which consumer it is stays open
		}
		decl, _ := analysisutil.InnermostFunc(cur)
		if decl == nil {
			continue
		}
		if _, ok := byFunc[decl]; !ok {
			order = append(order, decl)
		}
		byFunc[decl] = append(byFunc[decl], manualCall{call: call, method: fn.Name(), key: key})
		if fn.Name() == "Subscribe" || fn.Name() == "SubscribeTopics" {
			hasSubscribe[decl] = true
		}
	}
	for _, decl := range order {
		if !hasSubscribe[decl] {
			continue // nothing here replaces a manual assignment
		}
		calls := byFunc[decl]
		for _, a := range calls {
			if a.method != "Assign" && a.method != "IncrementalAssign" || clearsAssignment(pass.TypesInfo, a.call) {
				continue
			}
			for _, s := range calls {
				if s.method != "Subscribe" && s.method != "SubscribeTopics" || s.key != a.key {
					continue
				}
				g := cs.Graph()
				if !reachesCall(g, pass.TypesInfo, cs, a.call, s.call) {
					continue // no path from the assignment to the subscription without Unassign/Unsubscribe/Close
				}
				if setsPositions(pass.TypesInfo, cs, g, handlers, decl, s.call) {
					continue // the program sets the start positions on AssignedPartitions itself
				}
				recv := analysisutil.ConsumerName(analysisutil.Receiver(a.call))
				pass.Report(analysis.Diagnostic{
					Pos:      a.call.Fun.Pos(),
					End:      a.call.Fun.End(),
					Category: categoryAssignSubscribe,
					Message: fmt.Sprintf("%s.%s before %s on the same consumer, set the start positions in the rebalance callback's AssignedPartitions case instead (the group's first assignment replaces this one and starts each partition at the group's committed offset or auto.offset.reset, not at these positions)",
						recv, a.method, s.method),
					Related: []analysis.RelatedInformation{{Pos: s.call.Fun.Pos(), End: s.call.Fun.End(), Message: "the subscription whose first assignment replaces the manual one"}},
				})
				break // one report per assignment
			}
		}
	}
}

// placeKey names the place a receiver expression reads: a variable, or a chain
// of field selections from one ("p.consumer"); "" for anything else (a call's
// result, an index expression), which names no one consumer.
func placeKey(info *types.Info, e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok {
			return fmt.Sprintf("%p", v)
		}
	case *ast.SelectorExpr:
		sel := info.Selections[x]
		if sel == nil || sel.Kind() != types.FieldVal {
			return ""
		}
		if base := placeKey(info, x.X); base != "" {
			return fmt.Sprintf("%s.%p", base, sel.Obj())
		}
	case *ast.StarExpr:
		return placeKey(info, x.X)
	}
	return ""
}

// clearsAssignment reports whether an Assign call's argument is nil: that call
// empties the assignment and asks for no positions.
func clearsAssignment(info *types.Info, call *ast.CallExpr) bool {
	if len(call.Args) != 1 {
		return true // ill-typed: nothing to judge
	}
	tv, ok := info.Types[ast.Unparen(call.Args[0])]
	return ok && tv.IsNil()
}

// reachesCall reports whether, on the package's SSA form, a path leads from
// call from to call to on which no Unassign, Unsubscribe or Close of a
// consumer runs in between (those end what the assignment asked for, or the
// subscription it would meet). False when the SSA form has no instruction for
// either call.
func reachesCall(g *valueflow.Graph, info *types.Info, cs *pkgindex.Result, from, to *ast.CallExpr) bool {
	if g == nil {
		return false
	}
	fromInstrs, toInstrs := g.Calls(from), g.Calls(to)
	if len(fromInstrs) == 0 || len(toInstrs) == 0 {
		return false
	}
	target := make(map[ssa.Instruction]bool)
	for _, ci := range toInstrs {
		target[ci] = true
	}
	stops := func(instr ssa.Instruction) bool {
		ci, ok := instr.(ssa.CallInstruction)
		if !ok {
			return false
		}
		if _, isDefer := instr.(*ssa.Defer); isDefer {
			return false // runs at return
		}
		ce := g.CallExpr(ci)
		return ce != nil && ce != from && kafkaapi.ConsumerMethod(info, cs, ce, "Unassign", "Unsubscribe", "Close") != nil
	}
	start := fromInstrs[0]
	b := start.Block()
	if b == nil {
		return false
	}
	idx := -1
	for i, instr := range b.Instrs {
		if instr == start {
			idx = i
			break
		}
	}
	if idx < 0 {
		return false
	}
	// scan walks b's instructions from i and reports whether it met a target;
	// blocked says a stopper came first.
	scan := func(b *ssa.BasicBlock, i int) (found, blocked bool) {
		for ; i < len(b.Instrs); i++ {
			if target[b.Instrs[i]] {
				return true, false
			}
			if stops(b.Instrs[i]) {
				return false, true
			}
		}
		return false, false
	}
	found, blocked := scan(b, idx+1)
	if found {
		return true
	}
	if blocked {
		return false
	}
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		found, blocked := scan(n, 0)
		if found {
			return true
		}
		if !blocked {
			work = append(work, n.Succs...)
		}
	}
	return false
}

// setsPositions reports whether the program sets start positions when the
// group assigns partitions to the consumer subscribed by sub: an
// AssignedPartitions handler in the callback sub registers (or in the
// functions it calls in this package), or in decl itself (a Poll loop's
// case), that assigns something other than the event's partitions, seeks, or
// writes an Offset field. An untraced callback excuses nothing.
func setsPositions(info *types.Info, cs *pkgindex.Result, g *valueflow.Graph, handlers []*rebalance.Handler, decl ast.Node, sub *ast.CallExpr) bool {
	funcs := make(map[*ssa.Function]bool)
	var work []*ssa.Function
	add := func(fn *ssa.Function) {
		if fn != nil && !funcs[fn] {
			funcs[fn] = true
			work = append(work, fn)
		}
	}
	add(g.Func(decl))
	if len(sub.Args) == 2 {
		for _, r := range g.Roots(g.ValueOf(sub.Args[1])).Roots {
			add(valueflow.FuncOf(r))
		}
	}
	// The callback's static callees in this package, and theirs.
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		if fn != g.Func(decl) {
			for _, anon := range fn.AnonFuncs {
				add(anon)
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ci, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if callee := ci.Common().StaticCallee(); valueflow.Local(callee) && callee.Pkg == g.Package() && fn != g.Func(decl) {
					add(callee)
				}
			}
		}
	}
	for _, h := range handlers {
		if h.Kind != rebalance.Assigned || h.Body == nil || !funcs[g.Func(h.Func)] {
			continue
		}
		if handlerSetsPositions(info, cs, h) {
			return true
		}
	}
	return false
}

// handlerSetsPositions reports whether an AssignedPartitions handler chooses
// where consumption starts: it assigns a list other than the event's
// Partitions, seeks, or writes an Offset field.
func handlerSetsPositions(info *types.Info, cs *pkgindex.Result, h *rebalance.Handler) bool {
	found := false
	ast.Inspect(h.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == "Offset" {
					found = true
				}
			}
		case *ast.CallExpr:
			if kafkaapi.ConsumerMethod(info, cs, n, "Seek", "SeekPartitions") != nil {
				found = true
			} else if kafkaapi.ConsumerMethod(info, cs, n, "Assign", "IncrementalAssign") != nil && len(n.Args) == 1 && !groupPartitions(info, n.Args[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// groupPartitions reports whether e is the Partitions field of an
// AssignedPartitions event ("e.Partitions"): the group's own assignment, at
// the offsets the group resumes from.
func groupPartitions(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Partitions" {
		return false
	}
	return rebalance.EventKind(info.TypeOf(sel.X)) == rebalance.Assigned
}
