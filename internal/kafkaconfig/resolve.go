package kafkaconfig

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// A resolver turns ConfigMap expressions into Configs within one package.
//
// It holds no *analysis.Pass: what it needs of the pass (the facts of other
// packages' functions) is copied in run, so that ConfigOf and FieldWrites,
// which resolve on the value-flow graph when a rule pass asks, never reach
// back into a pass that has returned.
type resolver struct {
	fset    *token.FileSet
	pkg     *types.Package
	info    *types.Info
	inspect *inspector.Inspector
	funcs   map[*types.Func]*ast.FuncDecl
	graph   *valueflow.Graph
	// The ConfigFacts and ConsumerFacts of other packages' functions, imported
	// in run.
	configFacts   map[*types.Func]*ConfigFact
	consumerFacts map[*types.Func]*ConsumerFact
	paramWrites   map[*types.Func]*ParamWritesFact
	settingsFacts map[*types.Func]*SettingsFact

	indexOnce sync.Once
	maps      *mapIndex // writes to the package's ConfigMaps, indexed on first use
}

// newResolver copies from pass what resolving needs: the syntax, the types and
// the facts of the functions of other packages.
func newResolver(pass *analysis.Pass, in *inspector.Inspector, graph *valueflow.Graph, funcs map[*types.Func]*ast.FuncDecl) *resolver {
	r := &resolver{
		fset:          pass.Fset,
		pkg:           pass.Pkg,
		info:          pass.TypesInfo,
		inspect:       in,
		funcs:         funcs,
		graph:         graph,
		configFacts:   make(map[*types.Func]*ConfigFact),
		consumerFacts: make(map[*types.Func]*ConsumerFact),
		paramWrites:   make(map[*types.Func]*ParamWritesFact),
		settingsFacts: make(map[*types.Func]*SettingsFact),
	}
	for _, of := range pass.AllObjectFacts() {
		fn, ok := of.Object.(*types.Func)
		if !ok || fn.Pkg() == pass.Pkg {
			continue // only other packages' facts are read; this package's are being made
		}
		switch f := of.Fact.(type) {
		case *ConfigFact:
			r.configFacts[fn] = f
		case *ConsumerFact:
			r.consumerFacts[fn] = f
		case *ParamWritesFact:
			r.paramWrites[fn] = f
		case *SettingsFact:
			r.settingsFacts[fn] = f
		}
	}
	if len(r.paramWrites) > 0 && graph != nil {
		fns := make([]types.Object, 0, len(r.paramWrites))
		for fn := range r.paramWrites {
			fns = append(fns, fn)
		}
		graph.SetNoStores(fns) // they write settings, and keep no pointer
	}
	return r
}

// unknown is the Config of a map that could not be resolved.
func unknown(pos token.Pos) *Config { return &Config{Pos: pos} }

// consumerAt returns the consumer that call obtains, or nil if it obtains none.
func (r *resolver) consumerAt(call *ast.CallExpr) *Consumer {
	fn := analysisutil.CalledFunc(r.info, call)
	if fn == nil {
		return nil
	}
	if kafkaapi.IsFunc(fn, "NewConsumer") && len(call.Args) == 1 {
		return &Consumer{Call: call, Kafka: fn.Pkg(), Config: r.configOf(call.Args[0], call)}
	}
	if f := r.consumerFacts[fn]; f != nil {
		sig := fn.Type().(*types.Signature)
		k := &Consumer{Call: call, Via: analysisutil.FuncName(fn), Kafka: consumerPkg(sig)}
		if f.Param > 0 {
			// Made from the caller's map: this call's argument, plus
			// what the function writes into it.
			if f.Param-1 >= len(call.Args) {
				return nil
			}
			cfg := r.configOf(call.Args[f.Param-1], call).clone()
			if cfg.Known {
				r.addFactWrites(cfg, f, call)
			}
			k.Config = cfg
			return k
		}
		cfg := f.Config.clone()
		cfg.Pos = call.Pos()
		r.resolveFields(cfg, call)
		k.Config = cfg
		return k
	}
	return nil
}

// resolveFields resolves, at call, the entries of cfg (from the fact of the
// function called) that hold a field of one of its parameters: a provider
// that renders the settings struct its caller gives it.
func (r *resolver) resolveFields(cfg *Config, call *ast.CallExpr) {
	var sc *ssa.Call
	for i, s := range cfg.Entries {
		if s.Field == "" {
			continue
		}
		if sc == nil {
			ins := r.graph.Calls(call)
			if len(ins) != 1 {
				return
			}
			if sc, _ = ins[0].(*ssa.Call); sc == nil {
				return
			}
		}
		cfg.Entries[i] = r.fieldSetting(s, sc)
	}
}

// addFactWrites adds to cfg, the caller's map resolved at call, what the
// function called writes into it before it makes the consumer (its
// ConsumerFact made from a parameter), as if written at call.
func (r *resolver) addFactWrites(cfg *Config, f *ConsumerFact, call *ast.CallExpr) {
	for _, s := range f.Config.Entries {
		s.Pos, s.Where = call.Pos(), analysisutil.Position(r.fset, call.Pos())
		cfg.set(s)
	}
	for _, s := range f.Config.Maybe {
		s.Pos = call.Pos()
		cfg.Maybe = append(cfg.Maybe, s)
	}
}

// madeFrom returns the index of the argument of k's call (as written) that
// holds the ConfigMap the consumer is made from, and, when another
// package's function makes it from that argument, that function's
// ConsumerFact; -1 when k is not made from an argument of its call.
func (r *resolver) madeFrom(k *Consumer) (int, *ConsumerFact) {
	if k.Via == "" {
		if len(k.Call.Args) == 1 {
			return 0, nil
		}
		return -1, nil
	}
	fn := analysisutil.CalledFunc(r.info, k.Call)
	if f := r.consumerFacts[fn]; fn != nil && f != nil && f.Param > 0 && f.Param-1 < len(k.Call.Args) {
		return f.Param - 1, f
	}
	return -1, nil
}

// consumerPkg returns the library package of the *Consumer a signature returns.
func consumerPkg(sig *types.Signature) *types.Package {
	for i := 0; i < sig.Results().Len(); i++ {
		t := sig.Results().At(i).Type()
		if f := embeddedConsumer(t); f != nil {
			t = f.Type() // an adapter: the library of the consumer it embeds
		}
		if kafkaapi.IsConsumer(t) {
			if n := analysisutil.NamedType(t); n != nil {
				return n.Obj().Pkg()
			}
		}
	}
	return nil
}

// configOf resolves the ConfigMap expression e, the argument of use (a client
// constructor) or a nested map in a literal (use nil). A literal written in place
// is read from the syntax; anything else is traced on the package's SSA form.
func (r *resolver) configOf(e ast.Expr, use *ast.CallExpr) *Config {
	if lit := configLiteral(e); lit != nil {
		return r.literal(lit)
	}
	v := r.graph.ValueOf(e)
	if v == nil {
		return unknown(e.Pos())
	}
	var at ssa.Instruction
	if use != nil {
		if calls := r.graph.Calls(use); len(calls) == 1 {
			at = calls[0]
		}
	}
	return r.configOfValue(v, at, e.Pos())
}

// configLiteral returns the ConfigMap literal e is, or takes the address of.
func configLiteral(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// literal resolves a ConfigMap composite literal.
func (r *resolver) literal(lit *ast.CompositeLit) *Config {
	cfg := &Config{Known: true, Complete: true, Pos: lit.Pos(), Where: analysisutil.Position(r.fset, lit.Pos())}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return unknown(lit.Pos())
		}
		key, ok := r.constString(kv.Key)
		if !ok {
			cfg.Complete = false // a key we cannot read may be any key
			continue
		}
		s := r.setting(key, kv.Value)
		s.syntax = &Syntax{Key: kv.Key, Value: ast.Unparen(kv.Value)}
		cfg.set(s)
	}
	return cfg
}

// setting describes value as the entry for key.
func (r *resolver) setting(key string, value ast.Expr) Setting {
	value = ast.Unparen(value)
	var s Setting
	if tv, ok := r.info.Types[value]; ok {
		s = settingOf(key, tv.Value, tv.Type, types.RelativeTo(r.pkg))
		if kafkaapi.IsConfigMap(tv.Type) {
			// default.topic.config nests a map; a kafka.Offset is a Stringer
			s.Sub = r.configOf(value, nil)
		}
	} else {
		s = Setting{Key: key}
	}
	s.Pos, s.Where = value.Pos(), analysisutil.Position(r.fset, value.Pos())
	return s
}

// constString returns the value of a string constant expression.
func (r *resolver) constString(e ast.Expr) (string, bool) {
	tv, ok := r.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// exportFacts exports a ConfigFact or ConsumerFact for each exported function of
// the package that returns a map or a consumer it builds itself.
func (r *resolver) exportFacts(pass *analysis.Pass, res *Result) {
	configs := make(map[*types.Func]*ConfigFact)
	for fn, decl := range r.funcs {
		if !fn.Exported() {
			continue // other packages cannot call it
		}
		if cfg := r.returnedConfig(fn); cfg != nil {
			f := &ConfigFact{Config: factConfig(cfg)}
			configs[fn] = f
			pass.ExportObjectFact(fn, f)
			continue
		}
		if c, param := r.returnedConsumer(decl, res); c != nil && param >= 0 {
			var writes Config
			for _, w := range r.paramWritesOf(fn, decl) {
				if w.Param != param {
					continue
				}
				if w.Maybe {
					writes.Maybe = append(writes.Maybe, w.Setting)
				} else {
					writes.set(w.Setting)
				}
			}
			pass.ExportObjectFact(fn, &ConsumerFact{Config: factConfig(&writes), Param: param + 1})
		} else if c != nil && c.Config.Known {
			pass.ExportObjectFact(fn, &ConsumerFact{Config: factConfig(c.Config)})
		}
		if ws := r.paramWritesOf(fn, decl); len(ws) > 0 {
			pass.ExportObjectFact(fn, &ParamWritesFact{Writes: ws})
		}
	}
	r.exportSettingsFacts(pass, renderedTypes(configs))
}

// paramWritesOf returns the settings fn writes, in its own body, into a
// ConfigMap that one of its parameters is (or points to), in source order:
// only for functions with such a parameter, so that others build no SSA.
func (r *resolver) paramWritesOf(fn *types.Func, decl *ast.FuncDecl) []ParamWrite {
	sig := fn.Signature()
	has := sig.Recv() != nil && isConfigMapType(sig.Recv().Type())
	for i := 0; i < sig.Params().Len(); i++ {
		has = has || isConfigMapType(sig.Params().At(i).Type())
	}
	if !has {
		return nil
	}
	sfn := r.graph.Func(decl)
	if sfn == nil {
		return nil
	}
	x := r.index()
	var out []ParamWrite
	for _, b := range sfn.Blocks {
		for _, instr := range b.Instrs {
			for _, w := range x.byInstr[instr] {
				tr := r.graph.Roots(w.mapValue)
				if len(tr.Roots) != 1 {
					continue
				}
				p, ok := tr.Roots[0].(*ssa.Parameter)
				if !ok || p.Parent() != sfn {
					continue
				}
				_, idx, ok := valueflow.ParamIndex(p)
				if !ok {
					continue
				}
				s, ok := r.writeSetting(x, w)
				if !ok {
					continue
				}
				s.Pos, s.syntax, s.Sub = token.NoPos, nil, nil
				out = append(out, ParamWrite{Param: idx, Setting: s, Maybe: !onEveryPath(instr, nil)})
			}
		}
	}
	return out
}

// returnedConsumer returns the consumer a function returns when every value it
// returns as a *kafka.Consumer, or as an adapter embedding one (other than
// nil), is the same construction site; and, when that site's ConfigMap is one
// of the function's parameters, its index (else -1): a wrapper's constructor.
func (r *resolver) returnedConsumer(decl *ast.FuncDecl, res *Result) (*Consumer, int) {
	fn, ok := r.info.Defs[decl.Name].(*types.Func)
	if !ok {
		return nil, -1
	}
	results := fn.Signature().Results()
	index := -1
	for i := 0; i < results.Len(); i++ {
		if t := results.At(i).Type(); kafkaapi.IsConsumer(t) || embeddedConsumer(t) != nil {
			index = i
		}
	}
	if index < 0 {
		return nil, -1 // returns no consumer: no SSA needed
	}
	sfn := res.graph.Func(decl)
	if sfn == nil {
		return nil, -1
	}
	var found *Consumer
	for _, b := range sfn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) {
			continue
		}
		if c, isConst := ret.Results[index].(*ssa.Const); isConst && c.IsNil() {
			continue // the error path
		}
		// As this function makes it: a constructor it shares with
		// others (through a function-typed field, a provider closure)
		// is resolved at its own calls (ConsumersInContext).
		sites, traced := res.consumersOfTrace(res.graph.Roots(ret.Results[index]), 0, true)
		if len(sites) == 0 && traced {
			continue // nil: the error path
		}
		if len(sites) != 1 || (found != nil && found != sites[0]) {
			return nil, -1
		}
		if !traced {
			// Part of it comes from outside; what matters is whether
			// the one site is made here from a parameter.
			if p := r.configParam(sites[0], sfn); p >= 0 {
				found = sites[0]
				continue
			}
			return nil, -1
		}
		found = sites[0]
	}
	if found == nil {
		return nil, -1
	}
	return found, r.configParam(found, sfn)
}

// configParam returns the index of the parameter of sfn that consumer k's
// ConfigMap comes from (k made by a NewConsumer call in sfn itself), or -1.
func (r *resolver) configParam(k *Consumer, sfn *ssa.Function) int {
	if k.Via != "" || len(k.Call.Args) != 1 {
		return -1
	}
	ins := r.graph.Calls(k.Call)
	if len(ins) != 1 || ins[0].Parent() != sfn || len(ins[0].Common().Args) != 1 {
		return -1
	}
	tr := r.graph.Roots(ins[0].Common().Args[0])
	if len(tr.Roots) != 1 {
		return -1
	}
	p, ok := tr.Roots[0].(*ssa.Parameter)
	if !ok || p.Parent() != sfn {
		return -1
	}
	if _, i, ok := valueflow.ParamIndex(p); ok && i >= 0 {
		return i
	}
	return -1
}

// factConfig strips what a fact cannot carry across packages: token positions
// and syntax.
func factConfig(c *Config) Config {
	d := *c.clone()
	d.Pos = token.NoPos
	for i := range d.Entries {
		d.Entries[i].Pos = token.NoPos
		d.Entries[i].syntax = nil
		if d.Entries[i].Sub != nil {
			sub := factConfig(d.Entries[i].Sub)
			d.Entries[i].Sub = &sub
		}
	}
	for i := range d.Maybe {
		d.Maybe[i].Pos = token.NoPos
		d.Maybe[i].Sub = nil
		d.Maybe[i].syntax = nil
	}
	return d
}
