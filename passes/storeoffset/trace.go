package storeoffset

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// An origin is where a value takes a consumed message's offset unchanged.
type origin struct {
	at  ast.Expr // m.TopicPartition, or the Offset value of a TopicPartition literal
	msg ast.Expr // m
}

// A def is one value given to a variable: rhs, or an element of rangeOf.
type def struct {
	rhs, rangeOf ast.Expr
}

// A tracer follows TopicPartition values, slices of them and offsets back to the
// messages they come from, through the package's variables and struct fields.
// The analysis is flow-insensitive: a variable may hold a message's offset if any
// of its definitions does, and holds nothing we report once its offset is written
// anywhere (tp.Offset++, offs[i].Offset += 1, m.TopicPartition.Offset = x), its
// address is taken, or (for slices) it is passed where it could be changed.
type tracer struct {
	pkg      *types.Package
	info     *types.Info
	defs     map[types.Object][]def      // variables: their definitions
	fields   map[types.Object][]ast.Expr // struct fields of this package: values written to them
	modified map[types.Object]bool       // variables and fields whose offsets may be changed
	busy     map[types.Object]bool
}

func newTracer(pass *analysis.Pass) *tracer {
	t := &tracer{
		pkg:      pass.Pkg,
		info:     pass.TypesInfo,
		defs:     make(map[types.Object][]def),
		fields:   make(map[types.Object][]ast.Expr),
		modified: make(map[types.Object]bool),
		busy:     make(map[types.Object]bool),
	}
	for _, file := range pass.Files {
		var stack []ast.Node
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			t.index(n, stack)
			stack = append(stack, n)
			return true
		})
	}
	return t
}

// index records what node n, below the nodes of stack, defines or modifies.
func (t *tracer) index(n ast.Node, stack []ast.Node) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for i, lhs := range n.Lhs {
			var rhs ast.Expr
			if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
				rhs = n.Rhs[i]
			}
			if rhs == nil { // x += ..., or a, b := f()
				if obj := t.objectOf(lhs); obj != nil && n.Tok != token.DEFINE && n.Tok != token.ASSIGN {
					t.modified[obj] = true
				}
			}
			t.write(lhs, def{rhs: rhs})
		}
	case *ast.IncDecStmt:
		if obj := t.objectOf(n.X); obj != nil {
			t.modified[obj] = true
		}
		t.write(n.X, def{})
	case *ast.ValueSpec:
		for i, name := range n.Names {
			if len(n.Values) == len(n.Names) {
				t.write(name, def{rhs: n.Values[i]})
			} else if len(n.Values) > 0 {
				t.write(name, def{}) // var a, b = f()
			}
		}
	case *ast.RangeStmt:
		if n.Key != nil {
			t.write(n.Key, def{})
		}
		if n.Value != nil {
			t.write(n.Value, def{rangeOf: n.X})
		}
	case *ast.CompositeLit:
		t.fieldValues(n)
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			t.touch(n.X) // the value may be changed through the pointer
		}
	case *ast.Ident:
		if len(stack) > 0 {
			t.escape(n, stack[len(stack)-1])
		}
	}
}

// write records an assignment of d to lhs: a definition of a variable or a
// field, or a change of what lhs is part of.
func (t *tracer) write(lhs ast.Expr, d def) {
	lhs = ast.Unparen(lhs)
	switch x := lhs.(type) {
	case *ast.Ident:
		if obj := t.objectOf(x); obj != nil {
			t.defs[obj] = append(t.defs[obj], d)
		}
		return
	case *ast.SelectorExpr:
		if f := t.field(x); f != nil && d.rhs != nil && d.rangeOf == nil {
			t.fields[f] = append(t.fields[f], d.rhs)
			if !t.offsetPart(x) {
				return // j.tp = v is a definition of field tp, not a change of j
			}
		}
	}
	if t.offsetPart(lhs) {
		t.touch(lhs)
	}
}

// offsetPart reports whether writing to e may change an offset held by the
// variable or field it is part of: e is, or is within, an Offset, a
// TopicPartition or an element of a slice of them.
func (t *tracer) offsetPart(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if f := t.field(x); f != nil && (f.Name() == "Offset" || f.Name() == "TopicPartition") && kafkaapi.IsKafkaPackage(f.Pkg()) {
				return true
			}
			e = x.X
		case *ast.IndexExpr:
			if isTPSlice(t.info.TypeOf(x.X)) {
				return true
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return false
		}
	}
}

// touch marks the root variable of e, and every field of this package that e
// selects, as modified.
func (t *tracer) touch(e ast.Expr) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			if f := t.field(x); f != nil && f.Pkg() == t.pkg {
				t.modified[f] = true
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			if obj := t.objectOf(x); obj != nil {
				t.modified[obj] = true
			}
			return
		default:
			return
		}
	}
}

// escape marks a slice variable used by parent in a way that may change or
// alias its elements: anything but indexing, ranging, len, cap, append, the
// source of copy, StoreOffsets, CommitOffsets, and assignment to it.
func (t *tracer) escape(id *ast.Ident, parent ast.Node) {
	obj, ok := t.info.Uses[id].(*types.Var)
	if !ok || obj.IsField() || !isTPSlice(obj.Type()) {
		return
	}
	switch p := parent.(type) {
	case *ast.IndexExpr, *ast.RangeStmt, *ast.ParenExpr:
		return
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == id {
				return
			}
		}
	case *ast.CallExpr:
		if id == p.Fun {
			return
		}
		switch callee := typeutil.Callee(t.info, p).(type) {
		case *types.Builtin:
			switch callee.Name() {
			case "len", "cap", "append": // append copies the elements it adds
				return
			case "copy":
				if len(p.Args) == 2 && p.Args[1] == id {
					return
				}
			}
		case *types.Func:
			if kafkaapi.IsMethod(callee, "Consumer", "StoreOffsets", "CommitOffsets") {
				return
			}
		}
	}
	t.modified[obj] = true
}

// objectOf returns the variable that the identifier e denotes, or nil.
func (t *tracer) objectOf(e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	obj := t.info.ObjectOf(id)
	if v, ok := obj.(*types.Var); ok {
		return v
	}
	return nil
}

// field returns the struct field that x selects, or nil.
func (t *tracer) field(x *ast.SelectorExpr) *types.Var {
	sel := t.info.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal {
		return nil
	}
	v, _ := sel.Obj().(*types.Var)
	return v
}

// fieldValues records the values a struct literal gives its fields.
func (t *tracer) fieldValues(lit *ast.CompositeLit) {
	st, ok := deref(t.info.TypeOf(lit)).Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := t.info.ObjectOf(key).(*types.Var); ok && f.IsField() {
					t.fields[f] = append(t.fields[f], kv.Value)
				}
			}
		} else if i < st.NumFields() {
			t.fields[st.Field(i)] = append(t.fields[st.Field(i)], e)
		}
	}
}

// rawSlice returns where e, a []kafka.TopicPartition, may take a consumed
// message's offset unchanged, or nil.
func (t *tracer) rawSlice(e ast.Expr) *origin {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if !isTPSlice(t.info.TypeOf(x)) {
			return nil
		}
		for _, el := range x.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if o := t.rawTP(el); o != nil {
				return o
			}
		}
	case *ast.CallExpr:
		if b, ok := typeutil.Callee(t.info, x).(*types.Builtin); ok && b.Name() == "append" && len(x.Args) > 0 {
			if o := t.rawSlice(x.Args[0]); o != nil {
				return o
			}
			if x.Ellipsis.IsValid() {
				if len(x.Args) == 2 {
					return t.rawSlice(x.Args[1])
				}
				return nil
			}
			for _, a := range x.Args[1:] {
				if o := t.rawTP(a); o != nil {
					return o
				}
			}
		}
	case *ast.SliceExpr:
		return t.rawSlice(x.X)
	case *ast.Ident:
		return t.rawVar(x, t.rawSlice)
	}
	return nil
}

// rawTP returns where e, a kafka.TopicPartition, may take a consumed message's
// offset unchanged, or nil.
func (t *tracer) rawTP(e ast.Expr) *origin {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		f := t.field(x)
		if f == nil || t.modified[f] {
			return nil
		}
		if f.Name() == "TopicPartition" && kafkaapi.IsType(t.info.TypeOf(x.X), "Message") {
			if t.consumed(x.X) {
				return &origin{at: x, msg: x.X}
			}
			return nil
		}
		return t.rawField(f, t.rawTP)
	case *ast.IndexExpr:
		if isTPSlice(t.info.TypeOf(x.X)) {
			return t.rawSlice(x.X)
		}
	case *ast.CompositeLit:
		if !kafkaapi.IsType(t.info.TypeOf(x), "TopicPartition") {
			return nil
		}
		for i, el := range x.Elts {
			var v ast.Expr
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Offset" {
					v = kv.Value
				}
			} else if i == 2 { // Topic, Partition, Offset, ...
				v = el
			}
			if v != nil {
				if o := t.rawOffset(v); o != nil {
					return &origin{at: ast.Unparen(v), msg: o.msg}
				}
			}
		}
	case *ast.Ident:
		return t.rawVar(x, t.rawTP)
	}
	return nil
}

// rawOffset returns where e, a kafka.Offset (or a conversion of one), is a
// consumed message's offset unchanged, or nil.
func (t *tracer) rawOffset(e ast.Expr) *origin {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		f := t.field(x)
		if f == nil || t.modified[f] {
			return nil
		}
		if f.Name() == "Offset" && kafkaapi.IsType(t.info.TypeOf(x.X), "TopicPartition") {
			return t.rawTP(x.X)
		}
		return t.rawField(f, t.rawOffset)
	case *ast.CallExpr:
		if tv, ok := t.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return t.rawOffset(x.Args[0]) // kafka.Offset(int64(off))
		}
	case *ast.Ident:
		return t.rawVar(x, t.rawOffset)
	}
	return nil
}

// rawVar applies raw to the definitions of the variable id.
func (t *tracer) rawVar(id *ast.Ident, raw func(ast.Expr) *origin) *origin {
	obj, ok := t.info.Uses[id].(*types.Var)
	if !ok || t.modified[obj] || t.busy[obj] {
		return nil
	}
	t.busy[obj] = true
	defer delete(t.busy, obj)
	for _, d := range t.defs[obj] {
		var o *origin
		switch {
		case d.rangeOf != nil:
			if isTPSlice(t.info.TypeOf(d.rangeOf)) {
				o = t.rawSlice(d.rangeOf)
			}
		case d.rhs != nil:
			o = raw(d.rhs)
		}
		if o != nil {
			return o
		}
	}
	return nil
}

// rawField applies raw to the values written to the field f of this package.
func (t *tracer) rawField(f *types.Var, raw func(ast.Expr) *origin) *origin {
	if f.Pkg() != t.pkg || t.busy[f] {
		return nil
	}
	t.busy[f] = true
	defer delete(t.busy, f)
	for _, v := range t.fields[f] {
		if o := raw(v); o != nil {
			return o
		}
	}
	return nil
}

// consumed reports whether the message m (a *kafka.Message or kafka.Message)
// may be one the consumer delivered, with its offset unchanged. Messages are
// consumed unless built by the program (&kafka.Message{...}, new) or changed.
func (t *tracer) consumed(m ast.Expr) bool {
	switch x := ast.Unparen(m).(type) {
	case *ast.CompositeLit:
		return false
	case *ast.UnaryExpr:
		return t.consumed(x.X)
	case *ast.StarExpr:
		return t.consumed(x.X)
	case *ast.CallExpr:
		if b, ok := typeutil.Callee(t.info, x).(*types.Builtin); ok && b.Name() == "new" {
			return false
		}
	case *ast.SelectorExpr:
		if f := t.field(x); f != nil && t.modified[f] {
			return false
		}
		return t.rootConsumed(x.X)
	case *ast.IndexExpr:
		return t.rootConsumed(x.X)
	case *ast.Ident:
		obj, ok := t.info.Uses[x].(*types.Var)
		if !ok {
			return true
		}
		if t.modified[obj] {
			return false
		}
		if t.busy[obj] {
			return true
		}
		t.busy[obj] = true
		defer delete(t.busy, obj)
		for _, d := range t.defs[obj] {
			if d.rhs != nil && !t.consumed(d.rhs) {
				return false
			}
		}
	}
	return true
}

// rootConsumed reports whether the variable e is rooted at is not modified.
func (t *tracer) rootConsumed(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			obj := t.objectOf(x)
			return obj == nil || !t.modified[obj]
		default:
			return true
		}
	}
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
