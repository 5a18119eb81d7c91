// Package escape decides whether a confluent-kafka-go consumer made in a
// package may go where the package cannot follow it (returned to other code,
// stored where other packages see it, passed to a function of another
// package): rules that must see every use of a consumer (neverstored,
// pollrebalance) stay silent for one that escapes.
package escape

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// New returns a Checker for the consumers sites (NewConsumer calls of the
// package kc describes), traced on g.
func New(g *valueflow.Graph, kc *kafkaconfig.Result, sites []*kafkaconfig.Consumer) *Checker {
	e := &Checker{g: g, kc: kc, sites: make(map[*kafkaconfig.Consumer]bool)}
	for _, k := range sites {
		e.sites[k] = true
	}
	return e
}

// SiteOf returns the candidate consumer whose NewConsumer call root is the
// result of, or nil.
func (e *Checker) SiteOf(root ssa.Value) *kafkaconfig.Consumer {
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
	if k := e.kc.ConsumerAt(e.g.CallExpr(call)); e.sites[k] {
		return k
	}
	return nil
}

// A Checker decides whether a consumer may go where the package cannot follow it.
type Checker struct {
	g     *valueflow.Graph
	kc    *kafkaconfig.Result
	sites map[*kafkaconfig.Consumer]bool // the candidate consumers
	memo  map[*kafkaconfig.Consumer]bool
}

// Escapes reports whether consumer k, or a value that may hold it, is used in
// a way whose end the package cannot see: returned from a function other code
// may call, stored in an exported field, an exported or foreign variable, an
// element, a map or a channel, passed to a function of another package (other
// than the library), to an interface method, or to a function value that is not
// known to be the package's own.
func (e *Checker) Escapes(k *kafkaconfig.Consumer) bool {
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
	e      *Checker
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
	return h.e.SiteOf(root) == h.k
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
