package storeoffset

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// An origin is where a value takes a consumed message's offset unchanged.
type origin struct {
	at  ast.Expr // m.TopicPartition, or the Offset value of a TopicPartition literal
	msg ast.Expr // m
}

// A tracer follows TopicPartition values, slices of them and offsets back to the
// messages they come from, on the package's SSA form (internal/valueflow). A
// value is reported when one of its roots is a consumed message's
// TopicPartition and nothing on the way changes its offset. Changes are found
// flow-insensitively, as writes anywhere in the package into the places the
// value passed through (tp.Offset++, offs[i].Offset += 1, p.tp.Offset = x,
// m.TopicPartition.Offset = x), addresses of them that escape (next(&tp)), and
// slices handed to code that may change their elements.
type tracer struct {
	g    *valueflow.Graph
	pkg  *types.Package
	sels map[token.Pos]*ast.SelectorExpr // selector expressions by the position of Sel
	lits map[token.Pos]ast.Expr          // values of TopicPartition literal elements by the position go/ssa gives their field
	brac map[token.Pos]token.Pos         // composite literals: Lbrace -> Rbrace

	// storedAsIs reports whether argument i of a call of fn (another
	// package's function) is only stored, by its StoresFact.
	storedAsIs func(fn *types.Func, i int) bool
	// accept reports whether a message's own offset, found at o, counts for
	// the current site: not where the message was not processed.
	accept   func(o *origin) bool
	params   []*ssa.Parameter   // parameters found stored as is by the current site (for StoresFact)
	passed   map[ssa.Value]bool // backing arrays of slices handed to code that may change them
	modified map[ssa.Value]bool // memo of changed places
	busy     map[ssa.Value]bool
}

func newTracer(pkg *types.Package, in *inspector.Inspector, info *types.Info, g *valueflow.Graph) *tracer {
	t := &tracer{
		g:        g,
		pkg:      pkg,
		sels:     make(map[token.Pos]*ast.SelectorExpr),
		lits:     make(map[token.Pos]ast.Expr),
		brac:     make(map[token.Pos]token.Pos),
		modified: make(map[ssa.Value]bool),
		busy:     make(map[ssa.Value]bool),
	}
	for cur := range in.Root().Preorder((*ast.SelectorExpr)(nil), (*ast.CompositeLit)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.SelectorExpr:
			t.sels[n.Sel.Pos()] = n
		case *ast.CompositeLit:
			t.brac[n.Lbrace] = n.Rbrace
			if !kafkaapi.IsType(info.TypeOf(n), "TopicPartition") {
				continue
			}
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					t.lits[kv.Colon] = ast.Unparen(kv.Value)
				} else {
					t.lits[e.Pos()] = ast.Unparen(e)
				}
			}
		}
	}
	return t
}

// rawSlice returns where the slice s may take a consumed message's offset
// unchanged, or nil.
func (t *tracer) rawSlice(s ssa.Value) *origin {
	if s == nil || t.busy[s] {
		return nil
	}
	t.busy[s] = true
	defer delete(t.busy, s)
	if t.sliceChanged(s) {
		return nil
	}
	tr := t.g.Elements(s)
	if t.anyChanged(tr.Via) {
		return nil
	}
	for _, b := range t.g.Backing(s).Roots {
		if p, ok := b.(*ssa.Parameter); ok {
			t.param(p)
		}
	}
	for _, r := range tr.Roots {
		if o := t.rawTPRoot(r); o != nil {
			return o
		}
	}
	return nil
}

// rawTP returns where the TopicPartition value v may take a consumed message's
// offset unchanged, or nil.
func (t *tracer) rawTP(v ssa.Value) *origin {
	if v == nil {
		return nil
	}
	tr := t.g.Roots(v)
	if t.anyChanged(tr.Via) {
		return nil
	}
	for _, r := range tr.Roots {
		if o := t.rawTPRoot(r); o != nil {
			return o
		}
	}
	return nil
}

// rawTPAddr is rawTP for the TopicPartition that p points to.
func (t *tracer) rawTPAddr(p ssa.Value) *origin {
	if fa, ok := p.(*ssa.FieldAddr); ok && isMessageTP(fa) {
		return t.message(fa.X, fa.Pos())
	}
	if t.changed(p) {
		return nil
	}
	tr := t.g.Pointees(p)
	if t.anyChanged(tr.Via) {
		return nil
	}
	for _, r := range tr.Roots {
		if o := t.rawTPRoot(r); o != nil {
			return o
		}
	}
	return nil
}

// rawTPRoot classifies a root of a TopicPartition value.
func (t *tracer) rawTPRoot(r ssa.Value) *origin {
	if t.busy[r] {
		return nil
	}
	t.busy[r] = true
	defer delete(t.busy, r)
	switch r := r.(type) {
	case *ssa.FieldAddr: // a load of m.TopicPartition
		if isMessageTP(r) {
			return t.message(r.X, r.Pos())
		}
	case *ssa.Field:
		if isMessageTP(r) {
			return t.message(r.X, r.Pos())
		}
	case *ssa.IndexAddr: // an element of a slice
		return t.rawSlice(r.X)
	case *ssa.Parameter:
		if kafkaapi.IsType(r.Type(), "TopicPartition") && !isPointer(r.Type()) {
			t.param(r)
		}
	case *ssa.Alloc: // a literal built in place: its Offset field
		if !kafkaapi.IsType(deref(r.Type()), "TopicPartition") {
			return nil
		}
		return t.literalOffset(r)
	}
	return nil
}

// param records a parameter whose value is stored as is.
func (t *tracer) param(p *ssa.Parameter) {
	for _, q := range t.params {
		if q == p {
			return
		}
	}
	t.params = append(t.params, p)
}

// literalOffset returns where the Offset stored into the TopicPartition
// variable or literal a is a consumed message's offset, or nil.
func (t *tracer) literalOffset(a *ssa.Alloc) *origin {
	if t.changed(a) {
		return nil // also set after it was built
	}
	refs := a.Referrers()
	if refs == nil {
		return nil
	}
	for _, ref := range *refs {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || !isTPOffset(fa) || fa.Referrers() == nil {
			continue
		}
		for _, r := range *fa.Referrers() {
			st, ok := r.(*ssa.Store)
			if !ok || st.Addr != fa {
				continue
			}
			if o := t.rawOffset(st.Val); o != nil {
				if at := t.lits[fa.Pos()]; at != nil {
					return &origin{at: at, msg: o.msg}
				}
				return o
			}
		}
	}
	return nil
}

// rawOffset returns where the kafka.Offset value v (or a conversion of one) is
// a consumed message's offset unchanged, or nil.
func (t *tracer) rawOffset(v ssa.Value) *origin {
	tr := t.g.Roots(v)
	if t.anyChanged(tr.Via) {
		return nil
	}
	for _, r := range tr.Roots {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if isTPOffset(r) {
				if o := t.rawTPAddr(r.X); o != nil {
					return o
				}
			}
		case *ssa.Field:
			if isTPOffset(r) {
				if o := t.rawTP(r.X); o != nil {
					return o
				}
			}
		}
	}
	return nil
}

// message returns the origin of m.TopicPartition, where m (a *kafka.Message, or
// the address of a kafka.Message variable) is x and the selector's Sel is at
// pos, if m may be a consumed message whose TopicPartition is not changed.
func (t *tracer) message(x ssa.Value, pos token.Pos) *origin {
	sel := t.sels[pos]
	if sel == nil || !t.consumedPtr(x) || t.messageChanged(x) {
		return nil
	}
	o := &origin{at: sel, msg: ast.Unparen(sel.X)}
	if t.accept != nil && !t.accept(o) {
		return nil // the site does not count this message (see unprocessed): look for others
	}
	return o
}

// consumedPtr reports whether the message x points to may be one the consumer
// delivered: not only messages the program built (&kafka.Message{...},
// new(kafka.Message), a zero variable). Messages from anywhere else (a Poll,
// ReadMessage, a channel, a parameter) count as delivered.
func (t *tracer) consumedPtr(x ssa.Value) bool {
	for _, r := range t.g.Roots(x).Roots {
		a, ok := r.(*ssa.Alloc)
		if !ok {
			return true
		}
		stores, _ := valueflow.Writes(a)
		for _, st := range stores {
			if st.Addr == a && t.consumedValue(st.Val) {
				return true // a variable holding a message: var m kafka.Message = *p
			}
		}
	}
	return false
}

// consumedValue is consumedPtr for a kafka.Message value.
func (t *tracer) consumedValue(v ssa.Value) bool {
	for _, r := range t.g.Roots(v).Roots {
		if _, ok := r.(*ssa.Alloc); !ok {
			return true
		}
	}
	return false
}

// messageChanged reports whether the TopicPartition of a message that x may
// point to is written, or its address escapes, anywhere in the package.
func (t *tracer) messageChanged(x ssa.Value) bool {
	mine := make(map[ssa.Value]bool)
	for _, r := range t.g.Roots(x).Roots {
		mine[r] = true
	}
	for _, fa := range t.g.FieldAddrs(messageTPField(x.Type())) {
		stores, esc := valueflow.Writes(fa)
		if len(stores) == 0 && !esc {
			continue
		}
		for _, r := range t.g.Roots(fa.X).Roots {
			if mine[r] {
				return true
			}
		}
	}
	return false
}

// anyChanged reports whether one of places (a Trace.Via) is changed.
func (t *tracer) anyChanged(places []ssa.Value) bool {
	for _, p := range places {
		if t.changed(p) {
			return true
		}
	}
	return false
}

// changed reports whether an offset held at the place p may be changed after
// it is set: a write into an Offset or TopicPartition part of it (not the
// definition of the whole value, nor the fields of a literal being built), or
// an escape of its address. A field stands for every place of that field in
// the package.
func (t *tracer) changed(p ssa.Value) bool {
	if c, ok := t.modified[p]; ok {
		return c
	}
	t.modified[p] = false
	var c bool
	switch p := p.(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.IndexAddr:
		c = t.placeChanged(p)
	case *ssa.FieldAddr:
		c = t.fieldChanged(valueflow.FieldOf(p))
	case *ssa.Field:
		c = t.fieldChanged(valueflow.FieldOf(p))
	}
	t.modified[p] = c
	return c
}

func (t *tracer) fieldChanged(f *types.Var) bool {
	if f == nil || f.Pkg() != t.pkg {
		return false // the library's fields: messages are checked by messageChanged
	}
	for _, fa := range t.g.FieldAddrs(f) {
		if t.placeChanged(fa) {
			return true
		}
	}
	return false
}

func (t *tracer) placeChanged(p ssa.Value) bool {
	stores, esc := valueflow.Writes(p)
	if esc {
		return true
	}
	lbrace := token.NoPos
	if a, ok := p.(*ssa.Alloc); ok && (a.Comment == "complit" || a.Comment == "slicelit") {
		lbrace = a.Pos()
	}
	for _, st := range stores {
		if st.Addr == p || !holdsOffset(st.Val.Type()) {
			continue
		}
		if rbrace, ok := t.brac[lbrace]; ok && st.Pos() >= lbrace && st.Pos() <= rbrace {
			continue // a field of the literal being built
		}
		return true
	}
	return false
}

// sliceChanged reports whether the elements of slice s may be changed: an
// Offset or TopicPartition written through an element address of one of its
// backing arrays, such an address escaping, or the slice handed to code that
// may change it (see passedSlices).
func (t *tracer) sliceChanged(s ssa.Value) bool {
	passed := t.passedSlices()
	for _, b := range t.g.Backing(s).Roots {
		if passed[b] {
			return true
		}
		if t.changed(b) && !isArrayAlloc(b) {
			return true
		}
		for _, ia := range t.g.ElementAddrs(b) {
			if t.changed(ia) {
				return true
			}
		}
	}
	return false
}

// isArrayAlloc reports whether b is the array of a slice literal, whose element
// stores are its definition.
func isArrayAlloc(b ssa.Value) bool {
	a, ok := b.(*ssa.Alloc)
	if !ok {
		return false
	}
	_, arr := deref(a.Type()).Underlying().(*types.Array)
	return arr
}

// passedSlices returns, once, the backing arrays of []TopicPartition values
// the package hands to code that may change their elements: calls of other
// packages' functions (other than the consumer's StoreOffsets and
// CommitOffsets, and the parameters a StoresFact says are stored as is), of interface methods and function values, sends, map
// updates and conversions to interfaces. Calls of the package's own functions
// are not in the list: their writes through the parameter are element writes
// of the same arrays.
func (t *tracer) passedSlices() map[ssa.Value]bool {
	if t.passed != nil {
		return t.passed
	}
	t.passed = make(map[ssa.Value]bool)
	mark := func(v ssa.Value) {
		if isTPSlice(v.Type()) {
			for _, b := range t.g.Backing(v).Roots {
				t.passed[b] = true
			}
		}
	}
	for _, fn := range t.g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					c := in.Common()
					if _, ok := c.Value.(*ssa.Builtin); ok || valueflow.Local(c.StaticCallee()) || storesOffsets(c) {
						continue
					}
					var callee *types.Func
					if fn := c.StaticCallee(); fn != nil {
						callee, _ = fn.Object().(*types.Func)
					}
					for i, a := range c.Args {
						if callee != nil && callee.Signature().Recv() != nil {
							i-- // the receiver comes first
						}
						if callee == nil || t.storedAsIs == nil || !t.storedAsIs(callee, i) {
							mark(a)
						}
					}
					if c.IsInvoke() {
						mark(c.Value)
					}
				case *ssa.Send:
					mark(in.X)
				case *ssa.MapUpdate:
					mark(in.Value)
				case *ssa.MakeInterface:
					mark(in.X)
				}
			}
		}
	}
	return t.passed
}

// storesOffsets reports whether c calls a StoreOffsets or CommitOffsets
// method (the consumer's, or one of an interface of that name) or the
// producer's SendOffsetsToTransaction, which only read their argument.
func storesOffsets(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return c.Method.Name() == "StoreOffsets" || c.Method.Name() == "CommitOffsets"
	}
	fn := c.StaticCallee()
	if fn == nil {
		return false
	}
	obj, _ := fn.Object().(*types.Func)
	return kafkaapi.IsMethod(obj, "Consumer", "StoreOffsets", "CommitOffsets") ||
		kafkaapi.IsMethod(obj, "Producer", "SendOffsetsToTransaction")
}

// holdsOffset reports whether a value of type typ is or holds an offset.
func holdsOffset(typ types.Type) bool {
	return kafkaapi.IsType(typ, "Offset") || kafkaapi.IsType(typ, "TopicPartition") || isTPSlice(typ)
}

// isMessageTP reports whether sel (an *ssa.FieldAddr or *ssa.Field) selects
// kafka.Message.TopicPartition.
func isMessageTP(sel ssa.Value) bool {
	f := valueflow.FieldOf(sel)
	return f != nil && f.Name() == "TopicPartition" && kafkaapi.IsKafkaPackage(f.Pkg()) && kafkaapi.IsType(selected(sel), "Message")
}

// isTPOffset reports whether sel selects kafka.TopicPartition.Offset.
func isTPOffset(sel ssa.Value) bool {
	f := valueflow.FieldOf(sel)
	return f != nil && f.Name() == "Offset" && kafkaapi.IsType(selected(sel), "TopicPartition")
}

// selected returns the struct type whose field sel selects.
func selected(sel ssa.Value) types.Type {
	switch x := sel.(type) {
	case *ssa.FieldAddr:
		return deref(x.X.Type())
	case *ssa.Field:
		return x.X.Type()
	}
	return types.Typ[types.Invalid]
}

// messageTPField returns the TopicPartition field of the message type that x
// (a *kafka.Message) points to, or nil.
func messageTPField(x types.Type) *types.Var {
	st, ok := deref(x).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == "TopicPartition" {
			return st.Field(i)
		}
	}
	return nil
}

// isTPSlice reports whether typ is []kafka.TopicPartition.
func isTPSlice(typ types.Type) bool {
	if typ == nil {
		return false
	}
	s, ok := typ.Underlying().(*types.Slice)
	return ok && kafkaapi.IsType(s.Elem(), "TopicPartition") && !isPointer(s.Elem())
}

func isPointer(typ types.Type) bool {
	_, ok := types.Unalias(typ).(*types.Pointer)
	return ok
}

// deref returns the element type of a pointer type, else typ; never nil.
func deref(typ types.Type) types.Type {
	if typ == nil {
		return types.Typ[types.Invalid]
	}
	if p, ok := types.Unalias(typ).Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return typ
}
