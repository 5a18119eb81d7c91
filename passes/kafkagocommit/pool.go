package kafkagocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkagoapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

const categoryPool = "poolcommit" // CommitMessages from a pool of workers fed by one channel

// poolCommits reports the CommitMessages calls of a function that runs on
// several goroutines, started in a loop, each committing the messages it
// receives from one channel they all share, on one reader they all share:
// the commits come in completion order, not in the order the messages were
// fetched (docs/library-facts.md, F33).
func (c *checker) poolCommits() {
	for _, fn := range c.g.Functions() {
		var commits []ssa.CallInstruction
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && isCommitMessages(call.Common()) {
					commits = append(commits, call)
				}
			}
		}
		if len(commits) == 0 {
			continue
		}
		starts := c.loopStarts(fn)
		if len(starts) == 0 {
			continue // not started on goroutines in a loop
		}
		for _, call := range commits {
			c.poolCommit(call, starts)
		}
	}
}

// isCommitMessages reports whether the call is kafka-go's
// Reader.CommitMessages, or the method CommitMessages(ctx, ...kafka.Message)
// of an interface of the program that a *kafka.Reader is kept behind.
func isCommitMessages(cc *ssa.CallCommon) bool {
	if cc.IsInvoke() {
		m := cc.Method
		if m == nil || m.Name() != "CommitMessages" {
			return false
		}
		sig := m.Signature()
		return sig.Variadic() && sig.Params().Len() == 2 && isMessages(sig.Params().At(1).Type())
	}
	callee := cc.StaticCallee()
	if callee == nil {
		return false
	}
	fn, _ := callee.Object().(*types.Func)
	return kafkagoapi.IsReaderMethod(fn, "CommitMessages")
}

// isMessages reports whether t is []kafka.Message.
func isMessages(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	_, ptr := s.Elem().Underlying().(*types.Pointer)
	return !ptr && kafkagoapi.IsType(s.Elem(), "Message")
}

// A start is a place where a function is started on a goroutine, in a loop
// of the function that starts it.
type start struct {
	instr ssa.CallInstruction // the go statement, or the goroutine group's Go
	mc    *ssa.MakeClosure    // the closure started, when fn is a literal
	loop  map[*ssa.BasicBlock]bool
}

// loopStarts returns the places where fn is started on a goroutine in a
// loop: a go statement calling it (directly or as a closure), or a
// goroutine group's Go (or Run: go-zero's threading.RoutineGroup) given it.
func (c *checker) loopStarts(fn *ssa.Function) []start {
	var out []start
	add := func(instr ssa.CallInstruction, mc *ssa.MakeClosure) {
		if loop := loopOf(instr.Block()); loop != nil && !waits(loop) {
			out = append(out, start{instr: instr, mc: mc, loop: loop})
		}
	}
	for _, f := range c.g.Functions() {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.Go:
					if in.Call.IsInvoke() {
						continue
					}
					if in.Call.StaticCallee() == fn {
						mc, _ := in.Call.Value.(*ssa.MakeClosure)
						add(in, mc)
					}
				case *ssa.Call:
					if !startsGoroutine(in.Common()) {
						continue
					}
					for _, a := range in.Call.Args[1:] {
						if mc, ok := a.(*ssa.MakeClosure); ok && mc.Fn == fn {
							add(in, mc)
						} else if f, ok := a.(*ssa.Function); ok && f == fn {
							add(in, nil)
						}
					}
				}
			}
		}
	}
	return out
}

// startsGoroutine reports whether the call is the method of a goroutine
// group that runs its function argument on a goroutine of its own: Go or
// TryGo of a type of errgroup.Group's shape (valueflow.IsGroup, which
// sync.WaitGroup has from Go 1.25 on), or Run and RunSafe of a type with the
// same shape (go-zero's threading.RoutineGroup: its Run is "go fn()").
func startsGoroutine(cc *ssa.CallCommon) bool {
	callee := cc.StaticCallee()
	if callee == nil || callee.Signature.Recv() == nil || len(cc.Args) != 2 {
		return false
	}
	switch callee.Name() {
	case "Go", "TryGo":
		return valueflow.IsGroupGo(callee) || callee.Name() == "TryGo" && valueflow.IsGroup(callee.Signature.Recv().Type())
	case "Run", "RunSafe":
	default:
		return false
	}
	n := analysisutil.NamedType(callee.Signature.Recv().Type())
	if n == nil {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	wait := ms.Lookup(n.Obj().Pkg(), "Wait")
	if wait == nil {
		return false
	}
	ws, _ := wait.Type().(*types.Signature)
	f, _ := callee.Signature.Params().At(0).Type().Underlying().(*types.Signature)
	return ws != nil && ws.Params().Len() == 0 && f != nil && f.Params().Len() == 0 && f.Results().Len() <= 1
}

// loopOf returns the blocks of the innermost cycle through b (those b
// reaches that reach b), or nil when b is on no cycle.
func loopOf(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	if !valueflow.InLoop(b) {
		return nil
	}
	from := reach(b, func(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Succs })
	to := reach(b, func(x *ssa.BasicBlock) []*ssa.BasicBlock { return x.Preds })
	loop := make(map[*ssa.BasicBlock]bool)
	for x := range from {
		if to[x] {
			loop[x] = true
		}
	}
	return loop
}

// waits reports whether the loop waits for a goroutine group (a
// sync.WaitGroup, an errgroup.Group, valueflow.IsGroup) in its body: the
// goroutines an iteration starts end before the next one starts more, one
// worker at a time.
func waits(loop map[*ssa.BasicBlock]bool) bool {
	for b := range loop {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := call.Common().StaticCallee()
			if callee == nil {
				continue
			}
			fn, _ := callee.Object().(*types.Func)
			if valueflow.IsGroupWait(fn) || fn != nil && fn.Name() == "Wait" && fn.Pkg() != nil && fn.Pkg().Path() == "sync" {
				return true
			}
		}
	}
	return false
}

func reach(b *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{b: true}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, y := range next(x) {
			if !seen[y] {
				seen[y] = true
				stack = append(stack, y)
			}
		}
	}
	return seen
}

// poolCommit reports call, a CommitMessages of the function that starts
// start, when a message it commits is one the function received from a
// channel and both that channel and the reader are the same for every
// goroutine the loop starts.
func (c *checker) poolCommit(call ssa.CallInstruction, starts []start) {
	cc := call.Common()
	reader, slice := cc.Value, ssa.Value(nil)
	if !cc.IsInvoke() {
		reader = cc.Args[0]
	}
	slice = cc.Args[len(cc.Args)-1]
	for _, m := range varargs(slice) {
		recv := received(m, make(map[ssa.Value]bool))
		if recv == nil {
			continue
		}
		for _, st := range starts {
			if !c.shared(recv.X, st, 0) || !c.shared(reader, st, 0) {
				continue // each goroutine has its own channel or reader: whole partitions, say
			}
			c.reportPool(call, recv, st)
			return
		}
	}
}

// varargs returns the messages a CommitMessages call passes one by one
// (CommitMessages(ctx, m)): the values stored into the elements of the array
// its variadic slice is made of. A slice passed on (msgs...) gives none.
func varargs(s ssa.Value) []ssa.Value {
	sl, ok := s.(*ssa.Slice)
	if !ok {
		return nil
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *arr.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// received returns the receive (<-ch, or a range over ch) that v, a
// message, is taken from in its own function, through the local variable
// that holds it and the fields of a received struct; nil when v comes from
// anything else.
func received(v ssa.Value, seen map[ssa.Value]bool) *ssa.UnOp {
	if seen[v] {
		return nil
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.UnOp:
		switch v.Op {
		case token.ARROW:
			return v
		case token.MUL:
			return received(v.X, seen)
		}
	case *ssa.Extract:
		if u, ok := v.Tuple.(*ssa.UnOp); ok && u.Op == token.ARROW && v.Index == 0 {
			return u
		}
	case *ssa.Field:
		return received(v.X, seen)
	case *ssa.FieldAddr:
		return received(v.X, seen)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if r := received(e, seen); r != nil {
				return r
			}
		}
	case *ssa.Alloc:
		// A local variable of the function: what is stored into it.
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v {
				if r := received(st.Val, seen); r != nil {
					return r
				}
			}
		}
	}
	return nil
}

// shared reports whether v, a value of the started function, is the same
// for every goroutine that st starts: a value the starting function has
// before its loop (a parameter, a variable declared outside it), a global,
// or a field or element at a constant index of such a value, reached
// through the started function's captured variables and parameters. A
// value made in the loop (a channel per worker, ch := chans[i], a range
// variable) or in the started function itself is not.
func (c *checker) shared(v ssa.Value, st start, depth int) bool {
	if depth > 16 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Function:
		return true
	case *ssa.FreeVar:
		if st.mc == nil || v.Parent() != st.mc.Fn {
			return false
		}
		for i, fv := range st.mc.Fn.(*ssa.Function).FreeVars {
			if fv == v {
				return outside(st.mc.Bindings[i], st, depth+1)
			}
		}
		return false
	case *ssa.Parameter:
		fn := v.Parent()
		args := st.instr.Common().Args
		if _, isGo := st.instr.(*ssa.Go); !isGo || st.instr.Common().StaticCallee() != fn {
			return false
		}
		for i, p := range fn.Params {
			if p == v && i < len(args) {
				return outside(args[i], st, depth+1)
			}
		}
		return false
	}
	return derived(v, func(x ssa.Value) bool { return c.shared(x, st, depth+1) })
}

// outside is shared for a value of the starting function: one it has
// before the loop st is in, or one derived in the loop from such values only.
func outside(v ssa.Value, st start, depth int) bool {
	if depth > 16 {
		return false
	}
	switch v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Function, *ssa.Parameter, *ssa.FreeVar:
		return true
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	if !st.loop[instr.Block()] {
		return true // defined before the loop: one value for every goroutine
	}
	if _, ok := v.(*ssa.Alloc); ok {
		return false // a variable of the loop's body: one per iteration
	}
	return derived(v, func(x ssa.Value) bool { return outside(x, st, depth+1) })
}

// derived reports whether v is a field of, a load through, a conversion of
// or an element at a constant index of a value ok accepts.
func derived(v ssa.Value, ok func(ssa.Value) bool) bool {
	switch v := v.(type) {
	case *ssa.UnOp:
		return v.Op == token.MUL && ok(v.X)
	case *ssa.FieldAddr:
		return ok(v.X)
	case *ssa.Field:
		return ok(v.X)
	case *ssa.ChangeType:
		return ok(v.X)
	case *ssa.MakeInterface:
		return ok(v.X)
	case *ssa.ChangeInterface:
		return ok(v.X)
	case *ssa.IndexAddr:
		_, isConst := v.Index.(*ssa.Const)
		return isConst && ok(v.X)
	case *ssa.Index:
		_, isConst := v.Index.(*ssa.Const)
		return isConst && ok(v.X)
	}
	return false
}

func (c *checker) reportPool(call ssa.CallInstruction, recv *ssa.UnOp, st start) {
	ce := c.g.CallExpr(call)
	if ce == nil || c.reported[ce.Pos()] {
		return
	}
	c.reported[ce.Pos()] = true
	reader := "CommitMessages"
	if r := analysisutil.Receiver(ce); r != nil {
		reader = types.ExprString(r) + ".CommitMessages"
	}
	ch := "one channel"
	if e := c.chanExpr(recv); e != nil {
		ch = types.ExprString(e)
	}
	startPos := st.instr.Pos()
	if ge := c.g.CallExpr(st.instr); ge != nil {
		startPos = ge.Pos()
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: ce.Pos(), End: ce.End(), Category: categoryPool,
		Message: fmt.Sprintf("%s runs on each of the goroutines started in a loop at %s, which share the messages of %s: commit in the order they were fetched, from one goroutine, or give each worker whole partitions (kafka-go commits the highest offset given for a partition: a later message's commit covers earlier ones other workers still process, lost in a crash, and with CommitInterval 0 an earlier one committed last moves the group's offset back)",
			reader, analysisutil.Position(c.pass.Fset, startPos), ch),
		Related: []analysis.RelatedInformation{{Pos: startPos, Message: "the workers are started here"}},
	})
}

// chanExpr returns the channel expression of recv as written: the operand
// of <-ch, or of a range over ch.
func (c *checker) chanExpr(recv *ssa.UnOp) ast.Expr {
	pos := recv.Pos()
	if !pos.IsValid() {
		return nil
	}
	var found ast.Expr
	for _, f := range c.pass.Files {
		if f.Pos() > pos || pos > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if found != nil || n == nil || n.Pos() > pos || pos >= n.End() {
				return false
			}
			switch n := n.(type) {
			case *ast.RangeStmt:
				if n.For == pos {
					found = n.X
				}
			case *ast.UnaryExpr:
				if n.Op == token.ARROW && n.OpPos == pos {
					found = n.X
				}
			}
			return found == nil
		})
	}
	return found
}
