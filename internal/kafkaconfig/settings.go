package kafkaconfig

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// SettingsFact summarises an exported function or method that returns a
// settings struct (by value or pointer) of a type the package renders into
// a ConfigMap (a ConfigFact with Field entries): the constants its fields
// hold on every successful return. A caller that changes some fields of
// what it gets and renders it (s := settings.Default(); s.AutoStore =
// false; kafka.NewConsumer(s.ConfigMap())) reads the others from here.
// Fields it does not list hold what the function cannot tell.
type SettingsFact struct{ Fields []FieldConst }

// A FieldConst is a field's constant: Value in Go syntax
// (constant.Value.ExactString) of Kind, a bool, string or integer.
type FieldConst struct {
	Field string
	Kind  constant.Kind
	Value string
}

func (*SettingsFact) AFact() {}
func (f *SettingsFact) String() string {
	s := "settings {"
	for i, fc := range f.Fields {
		if i > 0 {
			s += " "
		}
		s += fc.Field + "=" + fc.Value
	}
	return s + "}"
}

// value returns the constant, or nil when it cannot be read back.
func (fc FieldConst) value() constant.Value {
	var v constant.Value
	switch fc.Kind {
	case constant.Bool:
		v = constant.MakeBool(fc.Value == "true")
	case constant.String:
		v = constant.MakeFromLiteral(fc.Value, token.STRING, 0)
	case constant.Int:
		v = constant.MakeFromLiteral(fc.Value, token.INT, 0)
	}
	if v == nil || v.Kind() == constant.Unknown {
		return nil
	}
	return v
}

// A fieldValue is what a struct's field holds where it is read: a constant
// (k, of type typ) or, with k nil, a value that is not one; pos is where it
// was written, for messages.
type fieldValue struct {
	k   constant.Value
	typ types.Type
	pos token.Pos
}

// maxFieldDepth bounds how many copies of a struct fieldValueAt follows.
const maxFieldDepth = 3

// fieldValueAt returns what field f of the struct v (a value or a pointer
// to one) holds at instruction at: v is a local struct (an *ssa.Alloc,
// or a load of one) whose address goes nowhere else, and what it holds is
// the last store into the field, or into the whole struct, on every path
// to at (the fields of a struct another package's function returns come
// from its SettingsFact), or the field's zero value when nothing was
// stored. ok is false when that cannot be told (a store on some paths
// only, an address passed on, a struct from a parameter or a package
// variable): the caller falls back to the package-wide reading.
func (r *resolver) fieldValueAt(v ssa.Value, f *types.Var, at ssa.Instruction, depth int) (fieldValue, bool) {
	if depth > maxFieldDepth {
		return fieldValue{}, false
	}
	if call := valueflow.CallOf(v); call != nil {
		if callee := call.Common().StaticCallee(); valueflow.Local(callee) {
			return r.returnedField(callee, call, f, depth+1)
		}
		return r.factField(call, f)
	}
	var a *ssa.Alloc
	switch x := v.(type) {
	case *ssa.Alloc:
		a = x
	case *ssa.UnOp:
		if x.Op == token.MUL {
			a, _ = x.X.(*ssa.Alloc)
			at = x // the copy: later stores do not change it
		}
	}
	if a == nil || at == nil || a.Parent() != at.Parent() {
		return fieldValue{}, false
	}
	st, ok := a.Type().Underlying().(*types.Pointer)
	if !ok {
		return fieldValue{}, false
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	if !ok {
		return fieldValue{}, false
	}
	idx := -1
	for i := 0; i < s.NumFields(); i++ {
		if s.Field(i).Origin() == f.Origin() {
			idx = i
		}
	}
	if idx < 0 {
		return fieldValue{}, false
	}
	stores, escapes := writesBefore(a, at)
	if escapes {
		return fieldValue{}, false
	}
	var last *ssa.Store
	for _, w := range stores {
		if w.Addr != a {
			fa, isField := w.Addr.(*ssa.FieldAddr)
			if !isField || fa.X != a {
				return fieldValue{}, false // a part of a field: maybe this one
			}
			if fa.Field != idx {
				continue // another field
			}
		}
		if before(at, w) {
			continue // after the read
		}
		if !dominates(w, at) {
			return fieldValue{}, false // on some paths only
		}
		if last == nil || dominates(last, w) {
			last = w
		}
	}
	if last == nil {
		if zero := analysisutil.ZeroConst(f.Type()); zero != nil {
			return fieldValue{k: zero, typ: f.Type(), pos: a.Pos()}, true
		}
		return fieldValue{pos: a.Pos()}, true
	}
	if last.Addr == a {
		return r.fieldValueAt(last.Val, f, last, depth+1) // a copy of another struct
	}
	val := last.Val
	if mi, ok := val.(*ssa.MakeInterface); ok {
		val = mi.X
	}
	if c, ok := val.(*ssa.Const); ok && c.Value != nil {
		return fieldValue{k: c.Value, typ: c.Type(), pos: last.Pos()}, true
	}
	return fieldValue{pos: last.Pos()}, true
}

// writesBefore is valueflow.Writes, where at itself (a return of the
// struct's address, or the call it is handed to) is not an escape: it is
// the read being judged.
func writesBefore(a *ssa.Alloc, at ssa.Instruction) ([]*ssa.Store, bool) {
	if a.Referrers() == nil {
		return nil, false
	}
	var stores []*ssa.Store
	for _, ref := range *a.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr, *ssa.IndexAddr:
			sub, escapes := valueflow.Writes(ref.(ssa.Value))
			if escapes {
				return nil, true
			}
			stores = append(stores, sub...)
		case *ssa.Store:
			if ref.Addr != a {
				return nil, true
			}
			stores = append(stores, ref)
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			if ref != at {
				return nil, true
			}
		}
	}
	return stores, false
}

// returnedField reads field f of the struct that call, of a function of
// this package, returns: the same value on every successful return.
func (r *resolver) returnedField(callee *ssa.Function, call *ssa.Call, f *types.Var, depth int) (fieldValue, bool) {
	index := 0
	if x, ok := call.Common().Value.Type().Underlying().(*types.Signature); ok && x.Results().Len() > 1 {
		return fieldValue{}, false // (T, error): the Extract is not traced here
	}
	var found *fieldValue
	for _, b := range callee.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) || failureReturn(ret) {
			continue
		}
		fv, ok := r.fieldValueAt(ret.Results[index], f, ret, depth)
		if !ok {
			return fieldValue{}, false
		}
		if found != nil && (found.k == nil || fv.k == nil || !constant.Compare(found.k, token.EQL, fv.k)) {
			return fieldValue{pos: call.Pos()}, true // differs by path
		}
		fv.pos = call.Pos()
		found = &fv
	}
	if found == nil {
		return fieldValue{}, false
	}
	return *found, true
}

// factField reads field f of the struct that call, of another package's
// function, returns, from the function's SettingsFact.
func (r *resolver) factField(call *ssa.Call, f *types.Var) (fieldValue, bool) {
	callee := call.Common().StaticCallee()
	if callee == nil {
		return fieldValue{}, false
	}
	fn, ok := callee.Object().(*types.Func)
	if !ok || r.settingsFacts[fn] == nil {
		return fieldValue{}, false
	}
	for _, fc := range r.settingsFacts[fn].Fields {
		if fc.Field == f.Name() {
			if k := fc.value(); k != nil {
				return fieldValue{k: k, typ: f.Type(), pos: call.Pos()}, true
			}
		}
	}
	return fieldValue{pos: call.Pos()}, true // not a constant there
}

// renderedTypes returns the struct types whose fields the package's
// exported ConfigFacts read (the receiver or parameter of a function that
// renders settings into a ConfigMap).
func renderedTypes(facts map[*types.Func]*ConfigFact) map[*types.TypeName]bool {
	out := make(map[*types.TypeName]bool)
	for fn, f := range facts {
		sig := fn.Signature()
		for _, s := range f.Config.Entries {
			if s.Field == "" {
				continue
			}
			var t types.Type
			switch {
			case s.Param < 0 && sig.Recv() != nil:
				t = sig.Recv().Type()
			case s.Param >= 0 && s.Param < sig.Params().Len():
				t = sig.Params().At(s.Param).Type()
			}
			if n := analysisutil.NamedType(t); n != nil {
				out[n.Obj()] = true
			}
		}
	}
	return out
}

// exportSettingsFacts exports a SettingsFact for each exported function of
// the package that returns a struct of a rendered type (renderedTypes) with
// constant fields.
func (r *resolver) exportSettingsFacts(pass *analysis.Pass, rendered map[*types.TypeName]bool) {
	if len(rendered) == 0 {
		return // no settings struct: no SSA needed
	}
	for fn, decl := range r.funcs {
		if !fn.Exported() {
			continue
		}
		results := fn.Signature().Results()
		index := -1
		var st *types.Struct
		for i := 0; i < results.Len(); i++ {
			if n := analysisutil.NamedType(results.At(i).Type()); n != nil && rendered[n.Obj()] {
				index = i
				st, _ = n.Underlying().(*types.Struct)
			}
		}
		if index < 0 || st == nil {
			continue
		}
		sfn := r.graph.Func(decl)
		if sfn == nil {
			continue
		}
		var fields []FieldConst
		first := true
		for _, b := range sfn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || index >= len(ret.Results) || failureReturn(ret) {
				continue
			}
			var here []FieldConst
			for i := 0; i < st.NumFields(); i++ {
				f := st.Field(i)
				fv, ok := r.fieldValueAt(ret.Results[index], f, ret, 0)
				if !ok || fv.k == nil {
					continue
				}
				switch fv.k.Kind() {
				case constant.Bool, constant.String, constant.Int:
					here = append(here, FieldConst{Field: f.Name(), Kind: fv.k.Kind(), Value: fv.k.ExactString()})
				}
			}
			if first {
				fields, first = here, false
			} else {
				fields = intersectFields(fields, here)
			}
		}
		if len(fields) > 0 {
			sort.Slice(fields, func(i, j int) bool { return fields[i].Field < fields[j].Field })
			pass.ExportObjectFact(fn, &SettingsFact{Fields: fields})
		}
	}
}

// intersectFields keeps the fields of a that b holds with the same constant.
func intersectFields(a, b []FieldConst) []FieldConst {
	var out []FieldConst
	for _, x := range a {
		for _, y := range b {
			if x == y {
				out = append(out, x)
			}
		}
	}
	return out
}
