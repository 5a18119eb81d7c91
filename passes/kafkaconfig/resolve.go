package kafkaconfig

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// A resolver turns ConfigMap expressions into Configs within one package.
type resolver struct {
	pass  *analysis.Pass
	funcs map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]*Config // configs returned by the package's functions
	busy  map[*types.Func]bool    // recursion guard
}

// unknown is the Config of a map that could not be resolved.
func unknown(pos token.Pos) *Config { return &Config{Pos: pos} }

// consumerAt returns the consumer that call obtains, or nil if it obtains none.
func (r *resolver) consumerAt(call *ast.CallExpr) *Consumer {
	fn := calleeFunc(r.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	if kafkaapi.IsFunc(fn, "NewConsumer") && len(call.Args) == 1 {
		return &Consumer{Call: call, Kafka: fn.Pkg(), Config: r.configOf(call.Args[0], call)}
	}
	var f ConsumerFact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &f) {
		cfg := f.Config
		cfg.Pos = call.Pos()
		sig := fn.Type().(*types.Signature)
		return &Consumer{Call: call, Via: analysisutil.FuncName(fn), Kafka: consumerPkg(sig), Config: &cfg}
	}
	return nil
}

// consumerPkg returns the library package of the *Consumer a signature returns.
func consumerPkg(sig *types.Signature) *types.Package {
	for i := 0; i < sig.Results().Len(); i++ {
		if t := sig.Results().At(i).Type(); kafkaapi.IsConsumer(t) {
			if p, ok := types.Unalias(t).(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := types.Unalias(t).(*types.Named); ok {
				return n.Obj().Pkg()
			}
		}
	}
	return nil
}

// configOf resolves the ConfigMap expression e, as seen at the use site (a
// NewConsumer call or a return statement): literals, &literals, local variables
// defined once and then extended with SetKey, Set and index assignments before the
// use, and calls of functions that build and return a map.
func (r *resolver) configOf(e ast.Expr, use ast.Node) *Config {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.configOf(x.X, use)
		}
	case *ast.StarExpr:
		return r.configOf(x.X, use)
	case *ast.CompositeLit:
		return r.literal(x)
	case *ast.CallExpr:
		return r.returnedBy(x)
	case *ast.Ident:
		if v, ok := r.pass.TypesInfo.Uses[x].(*types.Var); ok {
			return r.variable(v, use)
		}
	}
	return unknown(e.Pos()) // from outside: parameters, fields, globals, conversions
}

// literal resolves a ConfigMap composite literal.
func (r *resolver) literal(lit *ast.CompositeLit) *Config {
	cfg := &Config{Known: true, Complete: true, Pos: lit.Pos(), Where: position(r.pass.Fset, lit.Pos())}
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
		cfg.set(r.setting(key, kv.Value))
	}
	return cfg
}

// setting describes value as the entry for key.
func (r *resolver) setting(key string, value ast.Expr) Setting {
	value = ast.Unparen(value)
	var s Setting
	if tv, ok := r.pass.TypesInfo.Types[value]; ok {
		s = settingOf(key, tv.Value, tv.Type, types.RelativeTo(r.pass.Pkg))
		if kafkaapi.IsConfigMap(tv.Type) {
			// default.topic.config nests a map; a kafka.Offset is a Stringer
			s.Sub = r.configOf(value, value)
		}
	} else {
		s = Setting{Key: key}
	}
	s.Pos, s.Where = value.Pos(), position(r.pass.Fset, value.Pos())
	return s
}

// constString returns the value of a string constant expression.
func (r *resolver) constString(e ast.Expr) (string, bool) {
	tv, ok := r.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// returnedBy resolves the map returned by a call of a function of this package
// (through its return statements) or of another package (through its ConfigFact).
func (r *resolver) returnedBy(call *ast.CallExpr) *Config {
	fn := calleeFunc(r.pass.TypesInfo, call)
	if fn == nil {
		return unknown(call.Pos())
	}
	if fn.Pkg() != r.pass.Pkg {
		var f ConfigFact
		if r.pass.ImportObjectFact(fn, &f) {
			cfg := f.Config
			cfg.Pos, cfg.Where = call.Pos(), analysisutil.FuncName(fn)
			return cfg.clone()
		}
		return unknown(call.Pos())
	}
	cfg := r.returnedConfig(fn)
	if cfg == nil {
		return unknown(call.Pos())
	}
	return cfg.clone()
}

// returnedConfig resolves the map a function of this package returns: every
// return statement must return a resolvable map, and the first one is taken when
// they agree in being known.
func (r *resolver) returnedConfig(fn *types.Func) *Config {
	if cfg, ok := r.memo[fn]; ok {
		return cfg
	}
	decl := r.funcs[fn]
	if decl == nil || r.busy[fn] {
		return nil
	}
	r.busy[fn] = true
	defer delete(r.busy, fn)
	var found *Config
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, res := range n.Results {
				if tv, has := r.pass.TypesInfo.Types[res]; has && kafkaapi.IsConfigMap(tv.Type) {
					cfg := r.configOf(res, n)
					if !cfg.Known || found != nil {
						ok = false // unknown, or several returns: do not guess
					}
					found = cfg
				}
			}
		}
		return true
	})
	if !ok || found == nil {
		found = nil
	} else {
		found.Where = analysisutil.FuncName(fn)
	}
	r.memo[fn] = found
	return found
}

// variable resolves a local ConfigMap variable at use: its single definition,
// then the SetKey/Set/index assignments that precede use in the same function.
// If the variable is assigned twice, has its address taken for anything but
// NewConsumer, or is passed to other functions, nothing is known.
func (r *resolver) variable(v *types.Var, use ast.Node) *Config {
	// Where v can be changed, and up to where changes count: a local variable in
	// its function, before the use; an unexported package variable anywhere in
	// the package (init functions, setup code), in any order.
	var scope []ast.Node
	limit := use.Pos()
	switch {
	case v.Parent() == nil:
		return unknown(use.Pos())
	case v.Parent() == r.pass.Pkg.Scope():
		if v.Exported() {
			return unknown(use.Pos()) // other packages may change it
		}
		for _, f := range r.pass.Files {
			scope = append(scope, f)
		}
		limit = token.Pos(math.MaxInt)
	default:
		body := analysisutil.EnclosingFuncBody(r.pass.Files, use.Pos())
		if body == nil {
			return unknown(use.Pos())
		}
		scope = []ast.Node{body}
	}
	var def ast.Expr
	defs := 0
	var muts []func(*Config)
	escapes := false
	info := r.pass.TypesInfo
	isV := func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if s, ok := e.(*ast.StarExpr); ok {
			e = ast.Unparen(s.X)
		}
		id, ok := e.(*ast.Ident)
		return ok && info.ObjectOf(id) == v
	}
	var stack []ast.Node
	visit := func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if isV(lhs) {
					defs++
					if len(n.Rhs) == len(n.Lhs) {
						def = n.Rhs[i]
					}
				}
				if ix, ok := lhs.(*ast.IndexExpr); ok && isV(ix.X) && n.Pos() < limit && len(n.Rhs) == len(n.Lhs) {
					rhs := n.Rhs[i]
					if key, ok := r.constString(ix.Index); ok {
						muts = append(muts, func(c *Config) { c.set(r.setting(key, rhs)) })
					} else {
						muts = append(muts, func(c *Config) { c.Complete = false })
					}
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] == v {
					defs++
					if i < len(n.Values) {
						def = n.Values[i]
					} else if len(n.Values) == 0 {
						def = nil // declared empty: var m kafka.ConfigMap (nil map, later made)
					}
				}
			}
		case *ast.Ident:
			if info.Uses[n] != v || len(stack) < 2 {
				return true
			}
			if r.useIsHarmless(stack, limit, &muts) {
				return true
			}
			escapes = true
		}
		return true
	}
	for _, n := range scope {
		ast.Inspect(n, visit)
	}
	if defs != 1 || def == nil || escapes {
		return unknown(use.Pos())
	}
	cfg := r.configOf(def, use)
	if !cfg.Known {
		return cfg
	}
	cfg = cfg.clone()
	for _, m := range muts {
		m(cfg)
	}
	return cfg
}

// useIsHarmless reports whether the use of a config variable at the top of stack
// cannot change the map behind the analysis' back, recording SetKey and Set calls
// before limit as mutations.
func (r *resolver) useIsHarmless(stack []ast.Node, limit token.Pos, muts *[]func(*Config)) bool {
	id := stack[len(stack)-1]
	parent := stack[len(stack)-2]
	if u, ok := parent.(*ast.UnaryExpr); ok && u.Op == token.AND && len(stack) >= 3 {
		parent, id = stack[len(stack)-3], u
	}
	if p, ok := parent.(*ast.ParenExpr); ok && len(stack) >= 3 {
		parent, id = stack[len(stack)-3], p
	}
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if lhs == id {
				return true // the definition itself
			}
		}
	case *ast.IndexExpr:
		return p.X == id // m[k] read or written; writes are collected as mutations
	case *ast.SelectorExpr:
		if len(stack) < 3 {
			return false
		}
		call, ok := stack[len(stack)-3].(*ast.CallExpr)
		if !ok || call.Fun != p {
			return false
		}
		switch p.Sel.Name {
		case "Get":
			return true
		case "SetKey":
			if call.Pos() > limit || len(call.Args) != 2 {
				return true // after the use: irrelevant to it
			}
			if key, ok := r.constString(call.Args[0]); ok && !strings.HasPrefix(key, "{topic}.") {
				val := call.Args[1]
				*muts = append(*muts, func(c *Config) { c.set(r.setting(key, val)) })
			} else {
				*muts = append(*muts, func(c *Config) { c.Complete = false })
			}
			return true
		case "Set":
			if call.Pos() > limit || len(call.Args) != 1 {
				return true
			}
			if kv, ok := r.constString(call.Args[0]); ok {
				if k, val, found := strings.Cut(kv, "="); found {
					s := Setting{Key: k, Known: true, Value: val, GoType: "string", Pos: call.Args[0].Pos(), Where: position(r.pass.Fset, call.Pos())}
					*muts = append(*muts, func(c *Config) { c.set(s) })
					return true
				}
			}
			*muts = append(*muts, func(c *Config) { c.Complete = false })
			return true
		}
	case *ast.CallExpr:
		if fn := calleeFunc(r.pass.TypesInfo, p); fn != nil && (kafkaapi.IsFunc(fn, "NewConsumer") || kafkaapi.IsFunc(fn, "NewProducer") || kafkaapi.IsFunc(fn, "NewAdminClient")) {
			return true // the client copies the map
		}
	case *ast.ReturnStmt:
		return true
	case *ast.RangeStmt:
		return p.X == id
	}
	return false
}

// exportFacts exports a ConfigFact or ConsumerFact for each exported function of
// the package that returns a map or a consumer it builds itself.
func (r *resolver) exportFacts(res *Result) {
	for fn, decl := range r.funcs {
		if !fn.Exported() {
			continue // other packages cannot call it
		}
		if cfg := r.returnedConfig(fn); cfg != nil {
			r.pass.ExportObjectFact(fn, &ConfigFact{Config: factConfig(cfg)})
			continue
		}
		if c := r.returnedConsumer(decl, res); c != nil && c.Config.Known {
			r.pass.ExportObjectFact(fn, &ConsumerFact{Config: factConfig(c.Config)})
		}
	}
}

// returnedConsumer returns the consumer a function returns when every value it
// returns as a *kafka.Consumer (other than nil) is the same construction site.
func (r *resolver) returnedConsumer(decl *ast.FuncDecl, res *Result) *Consumer {
	fn, ok := r.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return nil
	}
	results := fn.Signature().Results()
	index := -1
	for i := 0; i < results.Len(); i++ {
		if kafkaapi.IsConsumer(results.At(i).Type()) {
			index = i
		}
	}
	if index < 0 {
		return nil // returns no consumer: no SSA needed
	}
	sfn := res.graph.Func(decl)
	if sfn == nil {
		return nil
	}
	var found *Consumer
	for _, b := range sfn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) {
			continue
		}
		sites, traced := res.consumersOfValue(ret.Results[index], 0)
		if len(sites) == 0 && traced {
			continue // nil: the error path
		}
		if !traced || len(sites) != 1 || (found != nil && found != sites[0]) {
			return nil
		}
		found = sites[0]
	}
	return found
}

// factConfig strips what a fact cannot carry across packages: token positions.
func factConfig(c *Config) Config {
	d := *c.clone()
	d.Pos = token.NoPos
	for i := range d.Entries {
		d.Entries[i].Pos = token.NoPos
		if d.Entries[i].Sub != nil {
			sub := factConfig(d.Entries[i].Sub)
			d.Entries[i].Sub = &sub
		}
	}
	return d
}
