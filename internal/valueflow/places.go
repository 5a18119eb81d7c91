package valueflow

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Slices, elements and writes.
//
// Roots stops at a slice (an *ssa.Slice of an array, or an append) and at a
// load of an element (&s[i]). The functions here follow slices to the arrays
// they share (Backing), elements to the values stored into them (Elements), and
// places to what writes into them (Writes, FieldAddrs), so that a pass can ask
// both where a value held in a slice comes from and whether it was changed on
// the way. They follow the package's policy: an array that comes from where the
// package cannot see (a parameter other packages can pass, a call of another
// package) makes the answer incomplete, and an address that escapes may have
// been written through by anyone.

// Backing returns the arrays that the slice s may share elements with: the
// arrays of slice literals and variadic calls (*ssa.Alloc), make
// (*ssa.MakeSlice), and append calls (their result may be a new array; the
// arrays of their first operand are included too). Any other root (a
// parameter, a call of another package, an element) is returned as well, and
// makes the trace incomplete.
func (g *Graph) Backing(s ssa.Value) Trace {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	return g.backingOf(s)
}

// backingOf is Backing for callers that hold the lock.
func (g *Graph) backingOf(s ssa.Value) Trace {
	if g.broken || s == nil {
		return Trace{}
	}
	t := &tracer{g: g, seen: make(map[ssa.Value]bool), complete: true}
	g.backing(t, s, make(map[ssa.Value]bool))
	return Trace{Roots: t.roots, Complete: t.complete && t.steps < maxSteps, Via: t.via}
}

func (g *Graph) backing(t *tracer, s ssa.Value, seen map[ssa.Value]bool) {
	if seen[s] {
		return // followed already (a diamond, or a loop's phi)
	}
	if len(seen) > maxSteps {
		t.complete = false
		return
	}
	seen[s] = true
	tr := g.rootsOf(s)
	if !tr.Complete {
		t.complete = false
	}
	t.through(tr.Via...)
	for _, r := range tr.Roots {
		switch r := r.(type) {
		case *ssa.Slice:
			g.backing(t, r.X, seen)
		case *ssa.Alloc, *ssa.MakeSlice:
			t.root(r, true)
		case *ssa.Call:
			if isBuiltin(r.Common(), "append") {
				t.root(r, true)
				g.backing(t, r.Common().Args[0], seen)
				continue
			}
			t.root(r, false)
		default:
			t.root(r, false)
		}
	}
}

func isBuiltin(c *ssa.CallCommon, name string) bool {
	b, ok := c.Value.(*ssa.Builtin)
	return ok && b.Name() == name
}

// ElementAddrs returns the element addresses (&a[i], &s[i]) anywhere in the
// package whose array may be the backing array b, a root of Backing. Stores
// into them are the elements' values; stores into their parts change them.
func (g *Graph) ElementAddrs(b ssa.Value) []*ssa.IndexAddr {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	g.indexElements()
	return g.elemAddrs[b]
}

// indexElements maps every backing array to its element addresses, and to the
// sources of the copy calls that write into it, once.
func (g *Graph) indexElements() {
	if g.elemAddrs != nil {
		return
	}
	g.elemAddrs = make(map[ssa.Value][]*ssa.IndexAddr)
	g.copies = make(map[ssa.Value][]ssa.Value)
	for _, fn := range g.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case *ssa.IndexAddr:
					for _, r := range g.backingOf(in.X).Roots {
						g.elemAddrs[r] = append(g.elemAddrs[r], in)
					}
				case *ssa.Call:
					if c := in.Common(); isBuiltin(c, "copy") && len(c.Args) == 2 {
						for _, r := range g.backingOf(c.Args[0]).Roots {
							g.copies[r] = append(g.copies[r], c.Args[1])
						}
					}
				}
			}
		}
	}
}

// Elements returns what the elements of the slice s may come from: the roots
// of the values stored into the elements of its backing arrays anywhere in the
// package (a slice literal's elements among them), of the elements of the
// slices appended to it (append(s, t...)) and of the sources of copy calls into
// it. Trace.Via holds the element addresses (see ElementAddrs) and the places
// the values were loaded from. The trace is incomplete when a backing array is
// not traced (see Backing) or an element value is not.
func (g *Graph) Elements(s ssa.Value) Trace {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || s == nil {
		return Trace{}
	}
	g.indexElements()
	t := &tracer{g: g, seen: make(map[ssa.Value]bool), complete: true}
	g.elements(t, s, make(map[ssa.Value]bool))
	return Trace{Roots: t.roots, Complete: t.complete && t.steps < maxSteps, Via: t.via}
}

func (g *Graph) elements(t *tracer, s ssa.Value, seen map[ssa.Value]bool) {
	bk := g.backingOf(s)
	if !bk.Complete {
		t.complete = false
	}
	t.through(bk.Via...)
	for _, b := range bk.Roots {
		if seen[b] || len(seen) > maxSteps {
			continue
		}
		seen[b] = true
		if c, ok := b.(*ssa.Call); ok && isBuiltin(c.Common(), "append") && len(c.Common().Args) == 2 {
			g.elements(t, c.Common().Args[1], seen) // append(x, y...): y's elements
		}
		for _, src := range g.copies[b] {
			g.elements(t, src, seen)
		}
		for _, ia := range g.elemAddrs[b] {
			t.through(ia)
			refs := ia.Referrers()
			if refs == nil {
				continue
			}
			for _, r := range *refs {
				if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
					tr := g.rootsOf(st.Val)
					if !tr.Complete {
						t.complete = false
					}
					t.through(tr.Via...)
					for _, root := range tr.Roots {
						t.root(root, true)
					}
				}
			}
		}
	}
}

// Writes returns the stores into addr or into a part of it (a field or an
// element reached from addr through *ssa.FieldAddr and *ssa.IndexAddr), found
// through the referrers of addr, and whether addr or such a part escapes:
// passed to a call, stored, converted, returned or merged in a phi, after
// which anything may write through it. A store whose Addr is addr itself is a
// definition of the whole value; the others change a part of it.
//
// A variable captured by a closure is followed into the closure's body (its
// free variable, and the closures that capture that in turn): where the body
// only reads it (a retry closure that stores a slice of offsets built outside
// it), capturing neither changes nor leaks it. A write through the free
// variable counts as an escape, so that every store returned is addressed
// from addr itself.
func Writes(addr ssa.Value) (stores []*ssa.Store, escapes bool) {
	seen := make(map[ssa.Value]bool)
	var walk func(a ssa.Value, captured bool)
	walk = func(a ssa.Value, captured bool) {
		if seen[a] {
			return
		}
		seen[a] = true
		refs := a.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == a && !captured {
					stores = append(stores, r)
				} else {
					escapes = true // the address itself is stored, or written in a closure
				}
			case *ssa.FieldAddr:
				walk(r, captured)
			case *ssa.IndexAddr:
				walk(r, captured)
			case *ssa.UnOp, *ssa.DebugRef:
				// a load, or debug information
			case *ssa.MakeClosure:
				fn, ok := r.Fn.(*ssa.Function)
				if !ok {
					escapes = true
					continue
				}
				for i, b := range r.Bindings {
					if b == a && i < len(fn.FreeVars) {
						walk(fn.FreeVars[i], true)
					}
				}
			default:
				escapes = true
			}
		}
	}
	walk(addr, false)
	return stores, escapes
}

// FieldAddrs returns every address of the field f (&x.f) taken in the
// package, struct literals included: all the places a field-based trace
// (see Trace.Via) stands for.
func (g *Graph) FieldAddrs(f *types.Var) []*ssa.FieldAddr {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || f == nil {
		return nil
	}
	return g.fieldAddrs[f.Origin()]
}

// Returns returns fn's return instructions that return values.
func Returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			out = append(out, ret)
		}
	}
	return out
}
