package kafkaconfig

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// A mapIndex holds, for every ConfigMap the package makes (a literal or a make,
// one *ssa.MakeMap each), the writes to it anywhere in the package, and whether
// it reaches code that may write to it unseen.
type mapIndex struct {
	writes  map[ssa.Value][]mapWrite        // by map object: see mapObjects
	byInstr map[ssa.Instruction][]mapWrite  // every write of the package's code, by instruction
	escaped map[ssa.Value][]ssa.Instruction // where each map reaches unseen code
	sites   map[token.Pos]writeSite         // the syntax of writes by the position SSA gives them
}

// A writeSite is the syntax at the position SSA gives a write: the ":" of a
// literal element, the "[" of m[k] = v, the "(" of a SetKey or Set call.
type writeSite struct {
	key   ast.Expr      // the element's key, the index; nil for calls
	value ast.Expr      // the value; a call's last argument (SetKey's value, Set's "k=v")
	call  *ast.CallExpr // for calls
}

// A mapWrite is a MapUpdate (literal entry or m[k] = v) or a SetKey/Set call.
type mapWrite struct {
	instr    ssa.Instruction
	mapValue ssa.Value // the map (or pointer) written to
	key      ssa.Value // nil for Set
	value    ssa.Value // the value, or Set's "key=value"
	set      bool
	// fact is the setting a helper of another package writes into the
	// map at this call (its ParamWritesFact), maybe whether only on some
	// of the helper's paths.
	fact  *Setting
	maybe bool
}

// index returns the mapIndex, built on first use: only packages whose
// configurations are traced on the graph pay for it. Rule passes sharing the
// Result may ask at the same time; once built, it is only read.
func (r *resolver) index() *mapIndex {
	r.indexOnce.Do(r.buildIndex)
	return r.maps
}

func (r *resolver) buildIndex() {
	x := &mapIndex{
		writes:  make(map[ssa.Value][]mapWrite),
		byInstr: make(map[ssa.Instruction][]mapWrite),
		escaped: make(map[ssa.Value][]ssa.Instruction),
		sites:   make(map[token.Pos]writeSite),
	}
	r.maps = x
	for cur := range r.inspect.Root().Preorder((*ast.KeyValueExpr)(nil), (*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.KeyValueExpr:
			x.sites[n.Colon] = writeSite{key: n.Key, value: n.Value}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if ix, ok := ast.Unparen(l).(*ast.IndexExpr); ok {
						x.sites[ix.Lbrack] = writeSite{key: ix.Index, value: n.Rhs[i]}
					}
				}
			}
		case *ast.CallExpr:
			if len(n.Args) > 0 {
				x.sites[n.Lparen] = writeSite{value: n.Args[len(n.Args)-1], call: n}
			}
		}
	}
	for _, fn := range r.graph.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				r.indexInstr(x, instr)
			}
		}
	}
}

func (r *resolver) indexInstr(x *mapIndex, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.MapUpdate:
		if kafkaapi.IsConfigMap(in.Map.Type()) {
			r.addWrite(x, mapWrite{instr: in, mapValue: in.Map, key: in.Key, value: in.Value})
		}
		if isConfigMapType(in.Value.Type()) {
			r.escape(x, in.Value, in) // a map stored in another map
		}
	case *ssa.MakeInterface:
		if isConfigMapType(in.X.Type()) {
			r.escape(x, in.X, in)
		}
	case *ssa.Store:
		if isConfigMapType(in.Val.Type()) && exportedPlace(in.Addr) {
			r.escape(x, in.Val, in) // other packages may write to it
		}
	case ssa.CallInstruction:
		c := in.Common()
		var fn *types.Func
		if callee := c.StaticCallee(); callee != nil {
			if valueflow.Local(callee) {
				return // writes in the package's own functions are indexed as such
			}
			fn, _ = callee.Object().(*types.Func)
		}
		switch {
		case kafkaapi.IsMethod(fn, "ConfigMap", "SetKey") && len(c.Args) == 3:
			r.addWrite(x, mapWrite{instr: in, mapValue: c.Args[0], key: c.Args[1], value: c.Args[2]})
			return
		case kafkaapi.IsMethod(fn, "ConfigMap", "Set") && len(c.Args) == 2:
			r.addWrite(x, mapWrite{instr: in, mapValue: c.Args[0], value: c.Args[1], set: true})
			return
		case fn != nil && r.paramWrites[fn] != nil:
			// A helper of another package that writes into the map it
			// is given: its writes, here (its ParamWritesFact).
			first := 0
			if fn.Signature().Recv() != nil {
				first = 1 // Args[0] is the receiver, parameter -1
			}
			for _, pw := range r.paramWrites[fn].Writes {
				if i := pw.Param + first; i >= 0 && i < len(c.Args) {
					s := pw.Setting
					r.addWrite(x, mapWrite{instr: in, mapValue: c.Args[i], fact: &s, maybe: pw.Maybe})
				}
			}
			return
		case kafkaapi.IsMethod(fn, "ConfigMap", "Get"), isClientFunc(fn):
			return // reads, or copies
		}
		if !c.IsInvoke() && c.StaticCallee() == nil {
			callees := r.graph.Roots(c.Value)
			local := callees.Complete
			for _, root := range callees.Roots {
				f, ok := root.(*ssa.Function)
				if mc, isClosure := root.(*ssa.MakeClosure); isClosure {
					f, ok = mc.Fn.(*ssa.Function)
				}
				local = local && ok && valueflow.Local(f)
			}
			if local {
				return // a function value of the package: its writes are indexed
			}
		}
		for _, a := range c.Args {
			if isConfigMapType(a.Type()) {
				r.escape(x, a, in)
			}
		}
	}
}

// addWrite indexes w under the maps it may write to, and by its instruction.
func (r *resolver) addWrite(x *mapIndex, w mapWrite) {
	objs, _, _ := r.mapObjects(w.mapValue)
	for _, m := range objs {
		x.writes[m] = append(x.writes[m], w)
	}
	x.byInstr[w.instr] = append(x.byInstr[w.instr], w)
}

func isClientFunc(fn *types.Func) bool {
	for _, name := range clientFuncs {
		if kafkaapi.IsFunc(fn, name) {
			return true
		}
	}
	return false
}

// isConfigMapType reports whether t is kafka.ConfigMap or a pointer to one.
func isConfigMapType(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return kafkaapi.IsConfigMap(t)
}

// exportedPlace reports whether addr is an exported field or package variable.
func exportedPlace(addr ssa.Value) bool {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		p, ok := a.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return true
		}
		st, ok := p.Elem().Underlying().(*types.Struct)
		return !ok || st.Field(a.Field).Exported()
	case *ssa.Global:
		return a.Object() == nil || a.Object().Exported()
	}
	return false
}

func (r *resolver) escape(x *mapIndex, v ssa.Value, at ssa.Instruction) {
	objs, _, _ := r.mapObjects(v)
	for _, m := range objs {
		x.escaped[m] = append(x.escaped[m], at)
	}
}

// mapObjects returns the maps that v (a ConfigMap or a pointer to one) may be:
// the package's own (an *ssa.MakeMap for each literal or make) and those that
// calls of other packages' functions return (the *ssa.Call or *ssa.Extract),
// and whether the trace is complete.
func (r *resolver) mapObjects(v ssa.Value) (objs []ssa.Value, complete bool, via []valueflow.CallEdge) {
	return r.mapObjectsOf(v, r.graph.Roots(v))
}

// mapObjectsOf is mapObjects on the trace tr of v. via holds the calls whose
// results the traces followed into their callees' returns: the helpers that
// returned this instance of the map.
func (r *resolver) mapObjectsOf(v ssa.Value, tr valueflow.Trace) (objs []ssa.Value, complete bool, via []valueflow.CallEdge) {
	complete = tr.Complete
	via = append(via, tr.Calls...)
	_, isPtr := v.Type().Underlying().(*types.Pointer)
	for _, root := range tr.Roots {
		switch root.(type) {
		case *ssa.MakeMap, *ssa.Call, *ssa.Extract:
			objs = append(objs, root)
			continue
		}
		if isPtr && isAddress(root) {
			sub := r.graph.Pointees(root)
			complete = complete && sub.Complete
			via = append(via, sub.Calls...)
			for _, p := range sub.Roots {
				switch p.(type) {
				case *ssa.MakeMap, *ssa.Call, *ssa.Extract:
					objs = append(objs, p)
				default:
					complete = false
				}
			}
			continue
		}
		complete = false
	}
	return objs, complete, via
}

func isAddress(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.FieldAddr, *ssa.Global:
		return true
	}
	return false
}

// configOfValue resolves the ConfigMap v as seen at use (a client constructor
// call, a return, or nil): the one map it may be, with every write to it in the
// package. A write on every path to the map's use is an entry; a write only on
// some (a branch, an option function applied by the caller's choice) is a Maybe.
func (r *resolver) configOfValue(v ssa.Value, use ssa.Instruction, pos token.Pos) *Config {
	objs, complete, via := r.mapObjects(v)
	return r.configOfObjects(objs, complete, use, nil, via, pos)
}

// configIn resolves the ConfigMap v, the argument of use, in a function that
// a chain of calls reached (the innermost last): as this chain's outermost
// caller builds it. A parameter is the argument of the chain's call, and a
// write on every path to a call of the chain counts as an entry, so that a
// constructor shared by several callers gets each caller's configuration.
func (r *resolver) configIn(v ssa.Value, use ssa.Instruction, chain []valueflow.CallEdge, pos token.Pos) *Config {
	objs, complete, via := r.mapObjectsOf(v, r.graph.RootsIn(v, chain))
	return r.configOfObjects(objs, complete, use, chain, via, pos)
}

// configOfObjects is configOfValue on the map objects of v, judged at use and
// at the calls of chain (see configIn). via are the calls that returned the
// map (see mapObjectsOf): a helper that makes a map afresh on each call has
// one map object for all its calls, and the writes of another caller of it,
// to the map it got from its own call, are left out.
func (r *resolver) configOfObjects(objs []ssa.Value, complete bool, use ssa.Instruction, chain, via []valueflow.CallEdge, pos token.Pos) *Config {
	if len(objs) != 1 || !complete {
		return unknown(pos) // several maps, none, or from where we cannot see
	}
	m := objs[0]
	x := r.index()
	if r.escapedBefore(x, m, use, chain) {
		return unknown(pos)
	}
	var cfg *Config
	if _, made := m.(*ssa.MakeMap); made {
		cfg = &Config{Known: true, Complete: true, Pos: m.Pos(), Where: analysisutil.Position(r.fset, m.Pos())}
	} else if cfg = r.configOfCall(m); cfg == nil {
		return unknown(pos) // from a function without a ConfigFact
	}
	writes := append([]mapWrite(nil), x.writes[m]...)
	sort.SliceStable(writes, func(i, j int) bool { return writes[i].instr.Pos() < writes[j].instr.Pos() })
	var inside map[*ssa.Function]bool
	if _, ret := use.(*ssa.Return); ret {
		// What a function returns: only its own writes and those of the
		// functions it calls count, not those of its callers afterwards.
		inside = r.calledFrom(use.Parent())
	}
	for _, w := range writes {
		if use != nil && before(use, w.instr) {
			continue // after the client copied the map
		}
		if afterChain(w.instr, chain) {
			continue // after the chain's call: the consumer is made by then
		}
		if r.siblingCaller(w.instr.Parent(), chain) {
			continue // another caller's configuration of the shared constructor
		}
		if r.siblingCaller(w.instr.Parent(), via) {
			continue // another caller's map from the same helper
		}
		if inside != nil && !inside[w.instr.Parent()] {
			continue
		}
		s, ok := r.writeSetting(x, w)
		must := !w.maybe && r.must(w.instr, m, use, chain)
		switch {
		case !ok && must:
			cfg.Complete = false // a key we cannot read may be any key
		case !ok:
		case must:
			cfg.set(s)
		default:
			s.Where = r.whereWritten(w.instr, m)
			if onChain(w.instr.Parent(), chain) {
				s.Where = analysisutil.Position(r.fset, w.instr.Pos()) // a branch of this caller's
			}
			cfg.Maybe = append(cfg.Maybe, s)
		}
	}
	return cfg
}

// calledFrom returns fn and the functions of the package it calls directly,
// transitively (through closures too).
func (r *resolver) calledFrom(fn *ssa.Function) map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{fn: true}
	queue := []*ssa.Function{fn}
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		for _, anon := range f.AnonFuncs {
			if !set[anon] {
				set[anon] = true
				queue = append(queue, anon)
			}
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					if callee := call.Common().StaticCallee(); valueflow.Local(callee) && !set[callee] {
						set[callee] = true
						queue = append(queue, callee)
					}
				}
			}
		}
	}
	return set
}

// escapedBefore reports whether map m reaches code the analysis cannot see
// (another package's function, an interface, an exported variable) where it
// matters for use: in the function that makes it or one it calls, or in the
// function of the use, other than at the use itself (which is what is being
// judged). Escapes in other functions concern other instances of a map a
// helper makes afresh on each call, and are not counted.
func (r *resolver) escapedBefore(x *mapIndex, m ssa.Value, use ssa.Instruction, chain []valueflow.CallEdge) bool {
	esc := x.escaped[m]
	if len(esc) == 0 {
		return false
	}
	var scope map[*ssa.Function]bool
	if maker, ok := m.(ssa.Instruction); ok {
		scope = r.calledFrom(maker.Parent())
	} else {
		scope = make(map[*ssa.Function]bool)
	}
	if use != nil {
		scope[use.Parent()] = true
	}
	judged := map[ssa.Instruction]bool{use: true}
	for _, e := range chain {
		// The chain's calls are what is judged too: that a function
		// value there may also be another package's (a fake in tests)
		// does not hide what the package's own callee makes.
		scope[e.Call.Parent()] = true
		judged[e.Call] = true
	}
	for _, at := range esc {
		if !judged[at] && scope[at.Parent()] {
			return true
		}
	}
	return false
}

// siblingCaller reports whether fn, not a function of chain, calls one of
// the chain's callees itself: another caller of the shared constructor, whose
// writes are its own consumers' configuration.
func (r *resolver) siblingCaller(fn *ssa.Function, chain []valueflow.CallEdge) bool {
	for _, e := range chain {
		if e.Call.Parent() == fn {
			return false
		}
	}
	for _, e := range chain {
		for _, call := range r.graph.Callers(e.Callee) {
			if call.Parent() == fn {
				return true
			}
		}
	}
	return false
}

// onChain reports whether fn makes one of chain's calls.
func onChain(fn *ssa.Function, chain []valueflow.CallEdge) bool {
	for _, e := range chain {
		if e.Call.Parent() == fn {
			return true
		}
	}
	return false
}

// afterChain reports whether w comes, on every path, after a call of chain in
// the same function.
func afterChain(w ssa.Instruction, chain []valueflow.CallEdge) bool {
	for _, e := range chain {
		if before(e.Call, w) {
			return true
		}
	}
	return false
}

// configOfCall returns the configuration a call of another package's function
// returns, from its ConfigFact, or nil.
func (r *resolver) configOfCall(root ssa.Value) *Config {
	call := valueflow.CallOf(root)
	if call == nil || call.Common().StaticCallee() == nil {
		return nil
	}
	fn, ok := call.Common().StaticCallee().Object().(*types.Func)
	if !ok || fn.Pkg() == r.pkg {
		return nil
	}
	f := r.configFacts[fn]
	if f == nil {
		return nil
	}
	cfg := f.Config.clone()
	cfg.Pos, cfg.Where = call.Pos(), analysisutil.FuncName(fn)
	for i, s := range cfg.Entries {
		if s.Field != "" {
			cfg.Entries[i] = r.fieldSetting(s, call)
		}
	}
	return cfg
}

// paramField recognises a value read from a field of a parameter (a settings
// struct, by value or pointer): it returns the field's name and the parameter's
// index (-1: the receiver), or "".
func paramField(v ssa.Value) (string, int) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	var x ssa.Value
	var f *types.Var
	switch v := v.(type) {
	case *ssa.Field:
		x, f = v.X, valueflow.FieldOf(v)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			x, f = fa.X, valueflow.FieldOf(fa)
		}
	}
	if a, ok := x.(*ssa.Alloc); ok && a.Referrers() != nil {
		// A receiver or parameter spilled to a local: "*t0 = k".
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
				x = st.Val
			}
		}
	}
	p, ok := x.(*ssa.Parameter)
	if !ok || f == nil {
		return "", 0
	}
	if _, i, ok := valueflow.ParamIndex(p); ok {
		return f.Name(), i
	}
	return "", 0
}

// paramFieldExpr is paramField for a value that is a field of a parameter,
// its negation (!s.ManualStore), or its comparison with a constant
// (s.CommitIntervalMs > 0): the third result is the Op of the Setting.
func paramFieldExpr(v ssa.Value) (string, int, string) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			if f, i := paramField(x.X); f != "" {
				return f, i, "!"
			}
			return "", 0, ""
		}
	case *ssa.BinOp:
		op, fv, k := x.Op, x.X, x.Y
		if _, ok := fv.(*ssa.Const); ok { // 0 < s.N: mirror it
			fv, k = k, fv
			op = analysisutil.MirrorOp(op)
		}
		c, ok := k.(*ssa.Const)
		if !ok || c.Value == nil {
			return "", 0, ""
		}
		switch op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			if f, i := paramField(fv); f != "" {
				return f, i, op.String() + " " + c.Value.ExactString()
			}
		}
		return "", 0, ""
	}
	f, i := paramField(v)
	return f, i, ""
}

// applyOp evaluates a Setting's Op (see Setting) on the constant v stored
// into the field: ok=false when it cannot.
func applyOp(op string, v constant.Value) (constant.Value, bool) {
	if op == "" {
		return v, true
	}
	if op == "!" {
		if v.Kind() != constant.Bool {
			return nil, false
		}
		return constant.MakeBool(!constant.BoolVal(v)), true
	}
	opText, lit, ok := strings.Cut(op, " ")
	if !ok {
		return nil, false
	}
	var k constant.Value
	switch v.Kind() {
	case constant.String:
		k = constant.MakeFromLiteral(lit, token.STRING, 0)
	case constant.Int:
		k = constant.MakeFromLiteral(lit, token.INT, 0)
	case constant.Float:
		k = constant.MakeFromLiteral(lit, token.FLOAT, 0)
	case constant.Bool:
		if lit != "true" && lit != "false" {
			return nil, false
		}
		k = constant.MakeBool(lit == "true")
	}
	if k == nil || k.Kind() == constant.Unknown {
		return nil, false
	}
	if k.Kind() == constant.Int && v.Kind() == constant.Float {
		k = constant.ToFloat(k)
	}
	var tok token.Token
	switch opText {
	case "==":
		tok = token.EQL
	case "!=":
		tok = token.NEQ
	case "<":
		tok = token.LSS
	case "<=":
		tok = token.LEQ
	case ">":
		tok = token.GTR
	case ">=":
		tok = token.GEQ
	default:
		return nil, false
	}
	if v.Kind() == constant.Bool && tok != token.EQL && tok != token.NEQ {
		return nil, false // booleans are not ordered
	}
	if k.Kind() != v.Kind() {
		return nil, false
	}
	return constant.MakeBool(constant.Compare(v, tok, k)), true
}

// fieldSetting resolves a setting read from a field of the callee's parameter
// at call, through the setting's Op (a negation or a comparison with a
// constant) when the map holds an expression of the field: what the struct
// handed to the call holds there, when fieldValueAt can tell (a local
// struct, made here or returned by a function with a SettingsFact, and
// changed here); for a struct that is the parameter of a function other
// packages call, a setting of that parameter's field again (a provider
// rendering the settings its caller gives it: the ConsumerFact's callers
// resolve it); else the one constant this package stores into that field,
// anywhere (struct literals, assignments: a package variable of
// defaults). Unknown when it stores none or several, or the Op does not
// apply.
func (r *resolver) fieldSetting(s Setting, call *ssa.Call) Setting {
	c := call.Common()
	idx := s.Param
	if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil {
		idx++ // Args[0] is the receiver
	}
	out := Setting{Key: s.Key, GoType: s.GoType, Where: s.Where, Pos: call.Pos()}
	if idx < 0 || idx >= len(c.Args) {
		return out
	}
	t := c.Args[idx].Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return out
	}
	var field *types.Var
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == s.Field {
			field = st.Field(i)
		}
	}
	if field == nil {
		return out
	}
	if fv, ok := r.fieldValueAt(c.Args[idx], field, call, 0); ok {
		// What the struct handed to the call holds there.
		if fv.k == nil {
			return out
		}
		val, typ := fv.k, fv.typ
		if s.Op != "" {
			if val, ok = applyOp(s.Op, val); !ok {
				return out
			}
			typ = types.Typ[types.Bool]
		}
		set := settingOf(s.Key, val, typ, types.RelativeTo(r.pkg))
		set.Pos, set.Where = fv.pos, analysisutil.Position(r.fset, fv.pos)
		if !set.Known {
			return out
		}
		return set
	}
	if p, ok := passedParam(c.Args[idx], call.Parent()); ok && valueflow.ReachableFromOutside(call.Parent()) {
		// The struct is the parameter of a function other packages
		// call (a provider that renders the settings the injector gives
		// it): its callers' value, resolved where they call it, not
		// what this package stores into the field elsewhere.
		out.Field, out.Param, out.Op = s.Field, p, s.Op
		return out
	}
	var found *Setting
	for _, store := range r.graph.FieldStoreInstrs(field) {
		k, ok := store.Val.(*ssa.Const)
		if !ok || k.Value == nil {
			return out
		}
		val, typ := k.Value, k.Type()
		if s.Op != "" {
			// !s.ManualStore, s.CommitIntervalMs > 0: a bool of the stored constant
			if val, ok = applyOp(s.Op, val); !ok {
				return out
			}
			typ = types.Typ[types.Bool]
		}
		set := settingOf(s.Key, val, typ, types.RelativeTo(r.pkg))
		set.Pos, set.Where = store.Pos(), analysisutil.Position(r.fset, store.Pos())
		if !set.Known || (found != nil && found.Value != set.Value) {
			return out
		}
		found = &set
	}
	if found == nil {
		return out
	}
	return *found
}

// passedParam returns the index (-1: the receiver) of the parameter of fn,
// a declared function, that v is or, for a pointer parameter, is loaded
// through.
func passedParam(v ssa.Value, fn *ssa.Function) (int, bool) {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || p.Parent() != fn {
		return 0, false
	}
	_, i, ok := valueflow.ParamIndex(p)
	return i, ok
}

// writeSetting describes a write as a Setting, or ok=false when its key is not
// a constant.
func (r *resolver) writeSetting(x *mapIndex, w mapWrite) (Setting, bool) {
	if w.fact != nil {
		s := *w.fact
		s.Pos, s.Where = w.instr.Pos(), analysisutil.Position(r.fset, w.instr.Pos())
		return s, true
	}
	site := x.sites[w.instr.Pos()]
	expr := site.value
	if w.set {
		kv, ok := valueflow.ConstString(w.value)
		if !ok {
			return Setting{}, false
		}
		k, val, found := strings.Cut(kv, "=")
		if !found {
			return Setting{}, false
		}
		s := Setting{Key: k, Known: true, Value: val, GoType: "string", Pos: w.instr.Pos(), Where: analysisutil.Position(r.fset, w.instr.Pos())}
		if expr != nil {
			s.Pos = expr.Pos()
			if len(site.call.Args) == 1 { // m.Set("k=v"), not a method expression
				s.syntax = &Syntax{Key: expr, Set: site.call}
			}
		}
		return s, true
	}
	key, ok := valueflow.ConstString(w.key)
	if !ok || strings.HasPrefix(key, "{topic}.") {
		return Setting{}, false
	}
	if expr != nil {
		st := r.setting(key, expr)
		if !st.Known {
			st.Field, st.Param, st.Op = paramFieldExpr(w.value)
		}
		switch {
		case site.call == nil: // a literal element or m[k] = v
			st.syntax = &Syntax{Key: site.key, Value: ast.Unparen(expr)}
		case len(site.call.Args) == 2: // m.SetKey(k, v), not a method expression
			st.syntax = &Syntax{Key: site.call.Args[0], Value: ast.Unparen(expr)}
		}
		return st, true
	}
	val := w.value
	if mi, ok := val.(*ssa.MakeInterface); ok {
		val = mi.X
	}
	s := Setting{Key: key, GoType: types.TypeString(val.Type(), types.RelativeTo(r.pkg)), Pos: w.instr.Pos(), Where: analysisutil.Position(r.fset, w.instr.Pos())}
	if c, ok := val.(*ssa.Const); ok {
		s = settingOf(key, c.Value, c.Type(), types.RelativeTo(r.pkg))
		s.Pos, s.Where = w.instr.Pos(), analysisutil.Position(r.fset, w.instr.Pos())
	}
	return s, true
}

// whereWritten names the function of a conditional write for messages: the
// declared function around it ("pkg.WithManualCommit"), or its position when
// it is in the function that makes the map.
func (r *resolver) whereWritten(w ssa.Instruction, m ssa.Value) string {
	fn := w.Parent()
	if maker, ok := m.(ssa.Instruction); ok && fn == maker.Parent() {
		return analysisutil.Position(r.fset, w.Pos())
	}
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	if obj, ok := fn.Object().(*types.Func); ok {
		return analysisutil.FuncName(obj)
	}
	return analysisutil.Position(r.fset, w.Pos())
}

// must reports whether write w happens on every path that makes map m and brings
// it to use: w is on every path through the function that makes m or the one
// that uses it (before the use), or through a function of the package that one
// of those calls on every path, directly or through a function value that can
// be that function only. Writes in option functions the caller chooses
// (passed in, or picked on a branch) are not.
//
// With a chain of calls (configIn), the functions of the chain are targets
// too, each up to its call of the chain: a write before the shared
// constructor is called, on every path, is part of that caller's
// configuration; a sibling caller's writes are not.
func (r *resolver) must(w ssa.Instruction, m ssa.Value, use ssa.Instruction, chain []valueflow.CallEdge) bool {
	maker, ok := m.(ssa.Instruction)
	if !ok {
		return false
	}
	// Each target function, with the instruction the write must come
	// before (nil: on every path to a normal return).
	targets := map[*ssa.Function]ssa.Instruction{maker.Parent(): nil}
	for _, e := range chain {
		targets[e.Call.Parent()] = e.Call
	}
	if use != nil {
		targets[use.Parent()] = use
	}
	return r.mustIn(w, targets, 0)
}

func (r *resolver) mustIn(w ssa.Instruction, targets map[*ssa.Function]ssa.Instruction, depth int) bool {
	fn := w.Parent()
	use, isTarget := targets[fn]
	if !onEveryPath(w, use) {
		return false
	}
	if isTarget {
		return true
	}
	if depth > 2 {
		return false
	}
	for _, call := range r.graph.CertainCallers(fn) {
		if r.mustIn(call, targets, depth+1) {
			return true
		}
	}
	return false
}

// onEveryPath reports whether instr runs before use on every path to it, or,
// without a use, on every path to a normal return of its function (returns of
// a non-nil error are failures, after which callers do not go on).
func onEveryPath(instr, use ssa.Instruction) bool {
	b := instr.Block()
	if use != nil {
		return dominates(instr, use)
	}
	fn := instr.Parent()
	if fn.Synthetic == "package initializer" {
		// It returns at once when run a second time (the guard in its
		// entry block): initialisation is the path that reaches its last
		// block from elsewhere.
		done := fn.Blocks[len(fn.Blocks)-1]
		for _, p := range done.Preds {
			if p != fn.Blocks[0] && !b.Dominates(p) {
				return false
			}
		}
		return true
	}
	for _, x := range fn.Blocks {
		if len(x.Instrs) == 0 {
			continue
		}
		ret, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return)
		if !ok || failureReturn(ret) {
			continue
		}
		if !b.Dominates(x) {
			return false
		}
	}
	return true
}

// dominates reports whether a runs before b on every path to b (same function).
func dominates(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		if in == a {
			return true
		}
		if in == b {
			return false
		}
	}
	return false
}

// before reports whether use runs before w on every path to w: w comes after.
func before(use, w ssa.Instruction) bool {
	return use.Parent() == w.Parent() && use != w && dominates(use, w)
}

// failureReturn reports whether ret returns a non-nil error as its last result.
func failureReturn(ret *ssa.Return) bool {
	if len(ret.Results) == 0 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	if !types.Identical(last.Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	c, ok := last.(*ssa.Const)
	return !ok || c.Value != nil
}

// returnedConfig resolves the map a function of this package returns: every
// return that succeeds returns the same map, or nil.
func (r *resolver) returnedConfig(fn *types.Func) *Config {
	results := fn.Signature().Results()
	index := -1
	for i := 0; i < results.Len(); i++ {
		if isConfigMapType(results.At(i).Type()) {
			index = i
		}
	}
	decl := r.funcs[fn]
	if index < 0 || decl == nil {
		return nil
	}
	sfn := r.graph.Func(decl)
	if sfn == nil {
		return nil
	}
	var found *Config
	for _, b := range sfn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) || failureReturn(ret) {
			continue
		}
		if c, isConst := ret.Results[index].(*ssa.Const); isConst && c.IsNil() {
			continue
		}
		cfg := r.configOfValue(ret.Results[index], ret, decl.Pos())
		if !cfg.Known || (found != nil && found.Pos != cfg.Pos) {
			return nil // unknown, or different maps: do not guess
		}
		found = cfg
	}
	if found != nil {
		found.Where = analysisutil.FuncName(fn)
	}
	return found
}
