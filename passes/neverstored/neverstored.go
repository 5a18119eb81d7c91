package neverstored

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports consumers whose progress never reaches the broker. See the
// package doc.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new neverstored analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:     "neverstored",
		Doc:      analysisutil.MustExtractDoc(doc, "neverstored"),
		Requires: []*analysis.Analyzer{analysisutil.Inspect, kafkaconfig.Analyzer},
	}
	analysisutil.Setup(a, run)
	return a
}

// Categories of the two kinds of report.
const (
	catNeverStored    = "neverstored"
	catNeverCommitted = "nevercommitted"
)

// Method groups, by what they do for the consumer's progress.
var (
	storeMethods    = kafkaapi.Stores
	explicitMethods = []string{"CommitOffsets", "CommitMessage"}
	commitMethods   = []string{"Commit"}
	// positionMethods place the consumer at offsets of the program's choosing:
	// a program that never commits may keep its offsets elsewhere.
	positionMethods = []string{"Seek", "SeekPartitions", "Assign", "IncrementalAssign"}

	// methodGroups are the groups in the order of uses.mark's group numbers.
	methodGroups = [][]string{storeMethods, explicitMethods, commitMethods, positionMethods}
)

// groupOf returns the index in methodGroups of the group that has the method
// name, or -1.
func groupOf(name string) int {
	return slices.IndexFunc(methodGroups, func(names []string) bool { return slices.Contains(names, name) })
}

// A candidate is a consumer whose configuration makes one of the rules apply.
type candidate struct {
	k          *kafkaconfig.Consumer
	storeOff   bool // enable.auto.offset.store=false on the default path
	autoCommit bool // enable.auto.commit true (or default) and auto.commit.interval.ms not 0
	commitOff  bool // enable.auto.commit=false on the default path
	storeSet   token.Pos
	commitSet  token.Pos
}

// uses is what the package does on a consumer, or on consumers it cannot name.
type uses struct {
	store, explicit, commit, position bool
}

// mark records a use of a method of methodGroups[group].
func (u *uses) mark(group int) {
	switch group {
	case 0:
		u.store = true
	case 1:
		u.explicit = true
	case 2:
		u.commit = true
	case 3:
		u.position = true
	}
}

func run(pass *analysis.Pass) {
	kc := pass.ResultOf[kafkaconfig.Analyzer].(*kafkaconfig.Result)
	if len(kc.Kafka) == 0 {
		return // the package does not use the library
	}
	in := analysisutil.InspectorOf(pass)
	var cands []*candidate
	for _, k := range kc.Consumers {
		if c := classify(pass, k); c != nil {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return // the common case: the SSA form is not built for this pass
	}
	g := kc.Graph()
	if g == nil || g.Broken() {
		return // no SSA form: no consumer can be followed, nothing is proved
	}
	by, unknown := methodUses(pass, in, kc)
	esc0 := &escapes{g: g, sites: make(map[token.Pos]*kafkaconfig.Consumer)}
	for _, c := range cands {
		esc0.sites[c.k.Call.Lparen] = c.k
	}
	methodValues(esc0, by, unknown)
	esc := esc0
	for _, c := range cands {
		u := by[c.k]
		if u == nil {
			u = new(uses)
		}
		switch {
		case c.storeOff && (c.autoCommit || u.commit):
			if u.store || u.explicit || unknown.store || unknown.explicit || esc.escapes(c.k) {
				continue
			}
			how := "its auto commit"
			if !c.autoCommit {
				how = "its Commit()"
			}
			pass.Report(analysis.Diagnostic{
				Pos:      c.k.Call.Pos(),
				End:      c.k.Call.End(),
				Category: catNeverStored,
				Message: "consumer with enable.auto.offset.store=false never stores an offset (no StoreOffsets or StoreMessage on it in this package): " +
					how + " commits nothing, lag grows, and every restart or rebalance starts again from auto.offset.reset",
				Related: related(c.storeSet, "enable.auto.offset.store set to false here"),
			})
		case c.commitOff && !u.commit:
			if u.explicit || u.position || unknown.commit || unknown.explicit || unknown.position || esc.escapes(c.k) {
				continue
			}
			pass.Report(analysis.Diagnostic{
				Pos:      c.k.Call.Pos(),
				End:      c.k.Call.End(),
				Category: catNeverCommitted,
				Message: "consumer with enable.auto.commit=false never commits (no Commit, CommitOffsets or CommitMessage on it in this package): " +
					"nothing is ever committed, lag grows, and every restart or rebalance starts again from auto.offset.reset",
				Related: related(c.commitSet, "enable.auto.commit set to false here"),
			})
		}
	}
}

func related(pos token.Pos, msg string) []analysis.RelatedInformation {
	if !pos.IsValid() {
		return nil
	}
	return []analysis.RelatedInformation{{Pos: pos, Message: msg}}
}

// classify returns the candidate for consumer k, or nil when no rule applies
// to its configuration on the default path.
func classify(pass *analysis.Pass, k *kafkaconfig.Consumer) *candidate {
	if k.Via != "" || k.Config == nil || !k.Config.Known || k.Call == nil {
		return nil // only NewConsumer calls: a function of another package may keep the consumer
	}
	if tf := pass.Fset.File(k.Call.Pos()); tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
		return nil // a test's consumer reads what it needs and is thrown away
	}
	cfg := k.Config
	c := &candidate{k: k}
	if store, _, ok := cfg.Bool("enable.auto.offset.store"); ok && !store {
		c.storeOff = true
		if s, ok := cfg.Lookup("enable.auto.offset.store"); ok {
			c.storeSet = s.Pos
		}
	}
	if commit, _, ok := cfg.Bool("enable.auto.commit"); ok {
		if !commit {
			c.commitOff = true
			if s, ok := cfg.Lookup("enable.auto.commit"); ok {
				c.commitSet = s.Pos
			}
		} else if iv, _, ok := cfg.String("auto.commit.interval.ms"); ok {
			n, err := strconv.ParseInt(strings.TrimSpace(iv), 10, 64)
			c.autoCommit = err == nil && n > 0 // 0 disables auto commit; anything unparsable stays silent
		}
	}
	if !c.storeOff && !c.commitOff {
		return nil
	}
	return c
}

// methodUses finds the calls of the consumer methods that store, commit or
// position, and returns them by the consumer they are called on; calls whose
// receiver is not traced completely (or an interface method of that name whose
// callees are not all known) count for every consumer: unknown.
func methodUses(pass *analysis.Pass, in *inspector.Inspector, kc *kafkaconfig.Result) (map[*kafkaconfig.Consumer]*uses, *uses) {
	by := make(map[*kafkaconfig.Consumer]*uses)
	unknown := new(uses)
	for cur := range in.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := analysisutil.CalledFunc(pass.TypesInfo, call)
		if fn == nil {
			continue
		}
		group := groupOf(fn.Name())
		if group < 0 {
			continue
		}
		recv := analysisutil.Receiver(call)
		if recv == nil {
			continue
		}
		var ks []*kafkaconfig.Consumer
		complete := false
		if kc.ConsumerMethod(call, methodGroups[group]...) != nil {
			ks, complete = kc.ConsumersOf(recv)
		} else if !analysisutil.IsInterfaceMethod(fn) {
			continue // a method of another type that happens to have the name
		} else if _, ok := kc.Callees(call); ok {
			continue // an interface whose implementations are all known and none is the consumer's
		}
		if group == 3 && onlyEventPartitions(pass, call) {
			continue // Assign(e.Partitions) in a rebalance handler: the group's own offsets
		}
		for _, k := range ks {
			if by[k] == nil {
				by[k] = new(uses)
			}
			by[k].mark(group)
		}
		if !complete {
			unknown.mark(group) // it may be any consumer of the package
		}
	}
	return by, unknown
}

// methodValues counts the consumer methods taken as values (ack :=
// c.StoreMessage, a method expression (*kafka.Consumer).Commit, an interface's
// method value) as calls of them: on the consumers the bound receiver is traced
// to, or on any consumer when it is not traced or is unbound.
func methodValues(e *escapes, by map[*kafkaconfig.Consumer]*uses, unknown *uses) {
	// wrapperGroup is the group of the consumer method (or interface method)
	// a method value or expression wraps, or -1.
	wrapperGroup := func(fn *ssa.Function) int {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || !kafkaapi.IsMethod(obj, "Consumer", obj.Name()) && !analysisutil.IsInterfaceMethod(obj) {
			return -1
		}
		return groupOf(obj.Name())
	}
	for _, fn := range e.g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(*ssa.MakeClosure); ok {
					f, _ := v.Fn.(*ssa.Function)
					if f == nil || f.Synthetic == "" || len(v.Bindings) != 1 {
						continue
					}
					group := wrapperGroup(f)
					if group < 0 {
						continue
					}
					tr := e.g.Roots(v.Bindings[0])
					traced := tr.Complete
					for _, r := range tr.Roots {
						if k := e.siteOf(r); k != nil {
							if by[k] == nil {
								by[k] = new(uses)
							}
							by[k].mark(group)
						} else {
							traced = false // an adapter, or another consumer: not told apart here
						}
					}
					if !traced {
						unknown.mark(group)
					}
					continue
				}
				var ops [8]*ssa.Value
				for i, op := range instr.Operands(ops[:0]) {
					if call, ok := instr.(ssa.CallInstruction); ok && i == 0 && call.Common().Value == *op {
						continue // the callee of a call: seen as a call
					}
					switch v := (*op).(type) {
					case *ssa.Function:
						if v.Synthetic != "" && len(v.FreeVars) == 0 {
							if group := wrapperGroup(v); group >= 0 {
								unknown.mark(group) // a method expression: any receiver
							}
						}
					}
				}
			}
		}
	}
}

// siteOf returns the candidate consumer whose NewConsumer call root is the
// result of, or nil.
func (e *escapes) siteOf(root ssa.Value) *kafkaconfig.Consumer {
	var call *ssa.Call
	switch x := root.(type) {
	case *ssa.Call:
		if _, tuple := x.Type().(*types.Tuple); !tuple {
			call = x
		}
	case *ssa.Extract:
		if x.Index == 0 { // the consumer, not the error
			call, _ = x.Tuple.(*ssa.Call)
		}
	}
	if call == nil {
		return nil
	}
	return e.sites[call.Common().Pos()]
}

// onlyEventPartitions reports whether call is Assign or IncrementalAssign of the
// partitions of an AssignedPartitions event as delivered (e.Partitions), which
// starts from the committed offsets rather than positions of the program's own.
func onlyEventPartitions(pass *analysis.Pass, call *ast.CallExpr) bool {
	if len(call.Args) != 1 {
		return false
	}
	sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Partitions" {
		return false
	}
	t := pass.TypesInfo.TypeOf(sel.X)
	return t != nil && kafkaapi.IsType(t, "AssignedPartitions")
}

// escapes decides whether a consumer may go where the package cannot follow it.
type escapes struct {
	g     *valueflow.Graph
	sites map[token.Pos]*kafkaconfig.Consumer // candidate consumers by their call's "("
	memo  map[*kafkaconfig.Consumer]bool
}

// escapes reports whether consumer k, or a value that may hold it, is used in
// a way whose end the package cannot see: returned from a function other code
// may call, stored in an exported field, an exported or foreign variable, an
// element, a map or a channel, passed to a function of another package (other
// than the library), to an interface method, or to a function value that is not
// known to be the package's own.
func (e *escapes) escapes(k *kafkaconfig.Consumer) bool {
	if v, ok := e.memo[k]; ok {
		return v
	}
	if e.memo == nil {
		e.memo = make(map[*kafkaconfig.Consumer]bool)
	}
	h := &holder{e: e, k: k, fields: make(map[*types.Var]bool)}
	h.findFields()
	res := h.escapes()
	e.memo[k] = res
	return res
}

// A holder knows, for one consumer, which fields of the package may hold it.
type holder struct {
	e      *escapes
	k      *kafkaconfig.Consumer
	fields map[*types.Var]bool
}

// maxRounds bounds the fixpoint over fields holding structs that hold fields...
const maxRounds = 6

// findFields collects the fields into which the consumer, or a value holding
// it, is stored; then the fields holding structs with such fields, and so on.
func (h *holder) findFields() {
	for round := 0; round < maxRounds; round++ {
		added := false
		h.each(func(instr ssa.Instruction) {
			st, ok := instr.(*ssa.Store)
			if !ok {
				return
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok {
				return
			}
			f := valueflow.FieldOf(fa)
			if f == nil || h.fields[f] || !h.carries(st.Val) {
				return
			}
			h.fields[f] = true
			added = true
		})
		if !added {
			return
		}
	}
}

func (h *holder) each(f func(ssa.Instruction)) {
	for _, fn := range h.e.g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				f(instr)
			}
		}
	}
}

// carries reports whether v may be the consumer or hold it: one of its roots
// is the consumer's construction, or the type of v or of a root has a field
// that holds it.
func (h *holder) carries(v ssa.Value) bool {
	if v == nil || !mayHold(v.Type()) {
		return false
	}
	if h.typeHolds(v.Type()) {
		return true
	}
	for _, root := range h.e.g.Roots(v).Roots {
		if h.isSite(root) || h.typeHolds(root.Type()) {
			return true
		}
	}
	return false
}

// isSite reports whether root is the result of the consumer's NewConsumer call.
func (h *holder) isSite(root ssa.Value) bool {
	return h.e.siteOf(root) == h.k
}

// mayHold reports whether a value of type t can hold a pointer at all.
func mayHold(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Signature:
		return false // a closure: its body is the package's, and traced by its uses
	}
	return true
}

// typeHolds reports whether a value of type t may contain one of the holder
// fields: through pointers, struct fields, arrays, slices, maps and channels.
func (h *holder) typeHolds(t types.Type) bool {
	if len(h.fields) == 0 {
		return false
	}
	return h.typeHoldsIn(t, make(map[types.Type]bool))
}

func (h *holder) typeHoldsIn(t types.Type, seen map[types.Type]bool) bool {
	t = types.Unalias(t)
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return h.typeHoldsIn(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if h.fields[f.Origin()] || h.typeHoldsIn(f.Type(), seen) {
				return true
			}
		}
	case *types.Array:
		return h.typeHoldsIn(u.Elem(), seen)
	case *types.Slice:
		return h.typeHoldsIn(u.Elem(), seen)
	case *types.Map:
		return h.typeHoldsIn(u.Key(), seen) || h.typeHoldsIn(u.Elem(), seen)
	case *types.Chan:
		return h.typeHoldsIn(u.Elem(), seen)
	}
	return false
}

// escapes looks at every instruction that hands a value on to where the
// package cannot see, and asks whether the value may carry the consumer.
func (h *holder) escapes() bool {
	found := false
	h.each(func(instr ssa.Instruction) {
		if found {
			return
		}
		for _, v := range h.handedOut(instr) {
			if h.carries(v) {
				found = true
				return
			}
		}
	})
	return found
}

// handedOut returns the operands of instr that go where the package cannot
// follow them.
func (h *holder) handedOut(instr ssa.Instruction) []ssa.Value {
	switch in := instr.(type) {
	case *ssa.Store:
		if h.localPlace(in.Addr) {
			return nil
		}
		return []ssa.Value{in.Val}
	case *ssa.MapUpdate:
		return []ssa.Value{in.Key, in.Value}
	case *ssa.Send:
		return []ssa.Value{in.X}
	case *ssa.Panic:
		return []ssa.Value{in.X}
	case *ssa.Convert:
		return []ssa.Value{in.X} // to unsafe.Pointer or uintptr
	case *ssa.Return:
		if fn := in.Parent(); fn.Parent() == nil && fn.Synthetic == "" && !valueflow.ReachableFromOutside(fn) {
			return nil // an unexported function: its callers are in the package, and traced
		}
		return in.Results
	case ssa.CallInstruction:
		c := in.Common()
		if b, ok := c.Value.(*ssa.Builtin); ok {
			switch b.Name() {
			case "append", "copy":
				return c.Args // into elements, which are not traced
			}
			return nil
		}
		if c.IsInvoke() {
			return c.Args // an implementation the package may not have
		}
		if callee := c.StaticCallee(); callee != nil {
			if valueflow.Local(callee) {
				return nil // traced through the callee's parameters
			}
			if callee.Pkg != nil && kafkaapi.IsKafkaPackage(callee.Pkg.Pkg) {
				return nil // the library's own methods and functions
			}
			return c.Args
		}
		tr := h.e.g.Roots(c.Value)
		if !tr.Complete {
			return h.unnameable(c)
		}
		for _, r := range tr.Roots {
			var fn *ssa.Function
			switch x := r.(type) {
			case *ssa.Function:
				fn = x
			case *ssa.MakeClosure:
				fn, _ = x.Fn.(*ssa.Function)
			}
			if !valueflow.Local(fn) {
				return h.unnameable(c)
			}
		}
	}
	return nil
}

// unnameable returns the arguments of a call through a function value that
// may be a function of another package, except those whose parameter type is
// (a pointer to) a type of this package that other packages cannot name: only
// the package's own functions take such a parameter (an option func(*service)).
func (h *holder) unnameable(c *ssa.CallCommon) []ssa.Value {
	params := c.Signature().Params()
	pkg := h.e.g.Package().Pkg
	var out []ssa.Value
	for i, a := range c.Args {
		if i < params.Len() && !c.Signature().Variadic() && namedHere(params.At(i).Type(), pkg) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// namedHere reports whether t is, or points to, a named type of pkg that other
// packages cannot name.
func namedHere(t types.Type, pkg *types.Package) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() == pkg && !n.Obj().Exported()
}

// localPlace reports whether a store to addr stays where the package traces
// it: a local variable, an unexported field of the package, an unexported
// package variable.
func (h *holder) localPlace(addr ssa.Value) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.FieldAddr:
		// An unexported field of the package, or any field of a struct type
		// other packages cannot name (they get hold of one only through a
		// value of that type, which is a holder and judged where it goes).
		f := valueflow.FieldOf(a)
		pkg := h.e.g.Package().Pkg
		return f != nil && f.Pkg() == pkg && (!f.Exported() || unexportedType(a.X.Type(), pkg))
	case *ssa.Global:
		return a.Pkg == h.e.g.Package() && a.Object() != nil && !a.Object().Exported()
	}
	return false
}

// unexportedType reports whether ptr points to a named type of pkg that other
// packages cannot name.
func unexportedType(ptr types.Type, pkg *types.Package) bool {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() == pkg && !n.Obj().Exported()
}
