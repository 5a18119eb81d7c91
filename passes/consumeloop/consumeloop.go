package consumeloop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/saramaconfig"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

//go:embed doc.go
var doc string

// Analyzer reports sarama ConsumerGroup.Consume calls that run once. See the
// package documentation.
var Analyzer = NewAnalyzer()

// NewAnalyzer returns a new consumeloop analyzer. It has no flags; the
// constructor exists so that every pass of the suite is built the same way.
func NewAnalyzer() *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:      "consumeloop",
		Doc:       analysisutil.MustExtractDoc(doc, "consumeloop"),
		Requires:  []*analysis.Analyzer{analysisutil.Inspect, saramaconfig.Analyzer},
		FactTypes: []analysis.Fact{new(ConsumesOnceFact)},
	}
	analysisutil.Setup(a, run)
	return a
}

// ConsumesOnceFact marks an exported function that runs one sarama consumer
// group session: it calls ConsumerGroup.Consume (directly or through such
// functions) outside any loop. A caller in another package that calls it
// outside a loop consumes until the first rebalance only.
type ConsumesOnceFact struct{}

func (*ConsumesOnceFact) AFact()         {}
func (*ConsumesOnceFact) String() string { return "consumes once" }

const category = "consumeonce" // a Consume call that runs once

// A site is a call that runs one session: a Consume call, or a call of a
// function with a ConsumesOnceFact.
type site struct {
	call *ast.CallExpr
	name string // what is called, for the message: "group.Consume", "kafka.Run"
	// looped is set when the call lies on a cycle of its function's flow
	// (valueflow.Flow): go/ssa's form puts it in a loop too
	// (valueflow.InLoop), so the site is settled without building that
	// form: the canonical shape, for { ... group.Consume(ctx, topics, h) ... }.
	looped bool
}

// checkLooped, set by TestLoopedWithoutSSA only (a testutil.Settled
// cross-check on every fixture, which needs the sites a real run settles), is
// called for each site settled as looped without the SSA form with what that
// form says of it, every instruction of the call in a loop (valueflow.InLoop)
// or not. It only looks: the run after it is the same whether it is set or
// not (only the SSA form may then be built where the run needs none).
var checkLooped func(call token.Position, inLoop bool)

// crossCheckLooped puts the looped sites to the SSA form for checkLooped.
func crossCheckLooped(pass *analysis.Pass, g *valueflow.Graph, sites []site) {
	if g == nil || g.Broken() {
		return
	}
	for _, s := range sites {
		if !s.looped {
			continue
		}
		for _, instr := range g.Calls(s.call) {
			checkLooped(pass.Fset.Position(s.call.Pos()), valueflow.InLoop(instr.Block()))
		}
	}
}

func run(pass *analysis.Pass) {
	sc := pass.ResultOf[saramaconfig.Analyzer].(*saramaconfig.Result)
	if len(sc.Sarama) == 0 {
		return // the package does not use sarama
	}
	in := analysisutil.InspectorOf(pass)
	var decls map[*types.Func]*ast.FuncDecl // built on first use (readsNothing)
	var sites []site
	flows := make(map[*ast.BlockStmt]*valueflow.Flow)
	looped := func(cur inspector.Cursor, call *ast.CallExpr) bool {
		_, body := analysisutil.InnermostFunc(cur)
		fl, ok := flows[body]
		if !ok {
			fl = valueflow.NewFlow(pass.TypesInfo, body)
			flows[body] = fl
		}
		if fl == nil {
			return false
		}
		on, ok := fl.OnCycle(call)
		return ok && on
	}
	for fc := range in.Root().Children() {
		if f, ok := fc.Node().(*ast.File); !ok || ast.IsGenerated(f) {
			continue
		}
		for cur := range fc.Preorder((*ast.CallExpr)(nil), (*ast.SelectorExpr)(nil)) {
			if sel, ok := cur.Node().(*ast.SelectorExpr); ok {
				if obj, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func); ok && saramaapi.IsFunc(obj, "NewBalanceStrategyCooperativeSticky") {
					return // a cooperative strategy: Consume lasts across rebalances (docs/library-facts.md, S4)
				}
				continue
			}
			call := cur.Node().(*ast.CallExpr)
			fn := analysisutil.CalledFunc(pass.TypesInfo, call)
			if fn == nil {
				continue
			}
			if saramaapi.IsMethod(fn, saramaapi.ConsumerGroup, "Consume") || isConsumeShaped(fn) {
				if len(call.Args) == 3 {
					if decls == nil {
						decls = analysisutil.FuncDecls(pass.TypesInfo, pass.Files)
					}
					if readsNothing(pass.TypesInfo, decls, call.Args[2]) {
						continue // a session for its Setup or Cleanup: an offset reset
					}
				}
				sites = append(sites, site{call: call, name: types.ExprString(call.Fun), looped: looped(cur, call)})
			} else if fn.Pkg() != nil && fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(ConsumesOnceFact)) {
				sites = append(sites, site{call: call, name: types.ExprString(call.Fun), looped: looped(cur, call)})
			}
		}
	}
	if checkLooped != nil {
		crossCheckLooped(pass, sc.Graph(), sites)
	}
	sites = slices.DeleteFunc(sites, func(s site) bool { return s.looped })
	g := sc.Graph()
	if len(sites) == 0 || g == nil || g.Broken() {
		return
	}
	c := &checker{g: g, verdicts: make(map[*ssa.Function]verdict)}
	c.index()
	for _, s := range sites {
		for _, instr := range g.Calls(s.call) {
			if valueflow.InLoop(instr.Block()) {
				continue
			}
			fn := instr.Parent()
			switch v := c.once(fn); {
			case v.kind == once:
				report(pass, s, v)
			case v.kind == exported && pass.Pkg.Name() != "main":
				if obj, ok := v.fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
					pass.ExportObjectFact(obj, new(ConsumesOnceFact))
				}
			}
		}
	}
}

// readsNothing reports whether handler, the handler given to Consume, is of a
// type of the package whose ConsumeClaim never uses its claim: the session
// reads no message, and runs once on purpose, for its Setup or Cleanup (an
// offset-reset command commits the offsets asked for in Setup and returns).
func readsNothing(info *types.Info, decls map[*types.Func]*ast.FuncDecl, handler ast.Expr) bool {
	t := info.TypeOf(handler)
	if t == nil || types.IsInterface(t) {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "ConsumeClaim")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	decl := decls[m]
	if decl == nil || decl.Body == nil || decl.Type.Params == nil || len(decl.Type.Params.List) == 0 {
		return false // declared elsewhere
	}
	last := decl.Type.Params.List[len(decl.Type.Params.List)-1]
	if len(last.Names) == 0 {
		return true // unnamed: ConsumeClaim(sarama.ConsumerGroupSession, sarama.ConsumerGroupClaim)
	}
	claim, _ := info.Defs[last.Names[len(last.Names)-1]].(*types.Var)
	if claim == nil {
		return true // _
	}
	used := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == claim {
			used = true
		}
		return !used
	})
	return !used
}

// isConsumeShaped reports whether fn is a method of an interface of the
// program's own with ConsumerGroup.Consume's signature, Consume(context.Context,
// []string, sarama.ConsumerGroupHandler) error: a wrapper's interface that a
// sarama.ConsumerGroup implements.
func isConsumeShaped(fn *types.Func) bool {
	if fn.Name() != "Consume" || !analysisutil.IsInterfaceMethod(fn) || saramaapi.IsSaramaPackage(fn.Pkg()) {
		return false
	}
	sig := fn.Signature()
	if sig.Params().Len() != 3 || sig.Results().Len() != 1 {
		return false
	}
	ctx := analysisutil.NamedType(sig.Params().At(0).Type())
	topics, _ := sig.Params().At(1).Type().(*types.Slice)
	return ctx != nil && ctx.Obj().Pkg() != nil && ctx.Obj().Pkg().Path() == "context" && ctx.Obj().Name() == "Context" &&
		topics != nil && types.Identical(topics.Elem(), types.Typ[types.String]) &&
		saramaapi.IsType(sig.Params().At(2).Type(), saramaapi.ConsumerGroupHandler) &&
		types.Identical(sig.Results().At(0).Type(), types.Universe.Lookup("error").Type())
}

func report(pass *analysis.Pass, s site, v verdict) {
	what := s.name + " is"
	if !strings.HasSuffix(s.name, ".Consume") {
		what = s.name + ", which runs one sarama consumer group session, is"
	}
	d := analysis.Diagnostic{
		Pos: s.call.Pos(), End: s.call.End(), Category: category,
		Message: fmt.Sprintf("%s not called in a loop, call it again until the context is done (Consume returns at the end of each session: after the first rebalance nothing is consumed)", what),
	}
	if v.via.IsValid() {
		why := v.why
		if why == "" {
			why = "called once from here"
		}
		d.Related = []analysis.RelatedInformation{{Pos: v.via, Message: why}}
	}
	pass.Report(d)
}

// The kinds of verdicts on how often a function runs.
const (
	unknown  = iota // called from where the package cannot see, or as a value
	looped          // every call is in a loop, directly or up the call chain
	once            // some chain of calls runs it once
	exported        // callable by other packages, and run once by the package's own calls if any
)

type verdict struct {
	kind int
	via  token.Pos     // the outermost call of the chain that runs it once
	why  string        // what via is, for the related location; "" for a call
	fn   *ssa.Function // for exported: the function other packages call
}

type checker struct {
	g        *valueflow.Graph
	verdicts map[*ssa.Function]verdict
	// values: functions used other than as the callee of a static call
	// (function values, method values, bound closures); invoked: method
	// names called through interfaces.
	values  map[*ssa.Function]bool
	invoked map[string]bool
	// direct: closures and literals called in place, by function, with the
	// call instructions.
	direct map[*ssa.Function][]ssa.CallInstruction
	// commands: literals stored in a command's run field (cobra.Command.Run,
	// cli.Command.Action: commandField), with the field, for the message.
	commands map[*ssa.Function]string
}

func (c *checker) index() {
	c.values = make(map[*ssa.Function]bool)
	c.invoked = make(map[string]bool)
	c.direct = make(map[*ssa.Function][]ssa.CallInstruction)
	c.commands = make(map[*ssa.Function]string)
	for _, fn := range c.g.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, isCall := instr.(ssa.CallInstruction)
				if isCall && call.Common().IsInvoke() {
					c.invoked[call.Common().Method.Name()] = true
				}
				var ops [8]*ssa.Value
				for i, op := range instr.Operands(ops[:0]) {
					f := valueflow.FuncOf(*op)
					if f == nil {
						continue
					}
					if isCall && i == 0 && call.Common().Value == *op {
						if _, mc := (*op).(*ssa.MakeClosure); mc || f.Parent() != nil {
							c.direct[f] = append(c.direct[f], call)
						}
						continue // the callee
					}
					if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == *op {
						if used := mc.Referrers(); used != nil && onlyCallee(mc, *used) {
							continue // a closure called in place: see direct
						}
					}
					if field := commandField(instr, *op); field != "" {
						if _, isStore := instr.(*ssa.Store); isStore {
							c.commands[f] = field
						}
						continue // the literal, or its closure or conversion on its way to the field
					}
					if isCall && runsOnce(call.Common()) {
						c.direct[f] = append(c.direct[f], call)
						continue
					}
					c.values[f] = true
				}
			}
		}
	}
}

// runsOnce reports whether c is a call of a function that calls the function
// it is given once, on a goroutine of its own: sync.WaitGroup.Go (Go 1.25),
// errgroup.Group.Go and TryGo (golang.org/x/sync). The function it is given
// runs as often as that call.
func runsOnce(c *ssa.CallCommon) bool {
	callee := c.StaticCallee()
	if callee == nil || callee.Pkg == nil {
		return false
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok || obj.Signature().Recv() == nil {
		return false
	}
	recv := analysisutil.NamedType(obj.Signature().Recv().Type())
	if recv == nil {
		return false
	}
	switch clients.Unvendor(callee.Pkg.Pkg.Path()) + "." + recv.Obj().Name() + "." + obj.Name() {
	case "sync.WaitGroup.Go", "golang.org/x/sync/errgroup.Group.Go", "golang.org/x/sync/errgroup.Group.TryGo":
		return true
	}
	return false
}

// The run fields of command-line frameworks' command types, by package path
// and type: the function a field holds runs once per invocation of its
// command (a program runs one command and exits).
var commandFields = map[string][]string{
	"github.com/spf13/cobra.Command": {"Run", "RunE", "PreRun", "PreRunE", "PersistentPreRun",
		"PersistentPreRunE", "PostRun", "PostRunE", "PersistentPostRun", "PersistentPostRunE"},
	"github.com/urfave/cli/v2.Command": {"Action", "Before", "After"},
	"github.com/urfave/cli/v2.App":     {"Action", "Before", "After"},
	"github.com/urfave/cli/v3.Command": {"Action", "Before", "After"},
}

// commandField returns the command type and field ("cobra.Command.Run")
// that the function value v, an operand of instr, goes to when instr stores
// it in a command's run field (commandFields), or is a closure or conversion
// of it whose every use does; "" otherwise.
func commandField(instr ssa.Instruction, v ssa.Value) string {
	switch in := instr.(type) {
	case *ssa.Store:
		if in.Val != v {
			return ""
		}
		fa, ok := in.Addr.(*ssa.FieldAddr)
		if !ok {
			return ""
		}
		field := valueflow.FieldOf(fa)
		named := analysisutil.NamedType(fa.X.Type())
		if field == nil || named == nil || named.Obj().Pkg() == nil {
			return ""
		}
		typ := clients.Unvendor(named.Obj().Pkg().Path()) + "." + named.Obj().Name()
		if !slices.Contains(commandFields[typ], field.Name()) {
			return ""
		}
		return named.Obj().Pkg().Name() + "." + named.Obj().Name() + "." + field.Name()
	case *ssa.MakeClosure:
		if in.Fn != v {
			return ""
		}
		return usedAsCommandField(in)
	case *ssa.ChangeType:
		return usedAsCommandField(in)
	}
	return ""
}

// usedAsCommandField returns the command field that every use of v stores it
// in (commandField), or "".
func usedAsCommandField(v ssa.Value) string {
	uses := v.Referrers()
	if uses == nil || len(*uses) == 0 {
		return ""
	}
	field := ""
	for _, u := range *uses {
		f := commandField(u, v)
		if f == "" || field != "" && f != field {
			return ""
		}
		field = f
	}
	return field
}

// onlyCallee reports whether every use of the closure mc calls it, in place
// or through a call that runs it once (runsOnce).
func onlyCallee(mc *ssa.MakeClosure, uses []ssa.Instruction) bool {
	for _, u := range uses {
		call, ok := u.(ssa.CallInstruction)
		if !ok || call.Common().IsInvoke() || (call.Common().Value != mc && !runsOnce(call.Common())) {
			return false
		}
	}
	return len(uses) > 0
}

// once says how often fn runs: once when some chain of calls in the package
// reaches it outside any loop from main, init or a function literal called in
// place; looped when every call is in a loop; unknown or exported otherwise.
func (c *checker) once(fn *ssa.Function) verdict {
	if v, ok := c.verdicts[fn]; ok {
		return v
	}
	c.verdicts[fn] = verdict{kind: looped} // recursion: a cycle is a loop
	v := c.compute(fn)
	c.verdicts[fn] = v
	return v
}

func (c *checker) compute(fn *ssa.Function) verdict {
	if fn.Parent() != nil || fn.Synthetic != "" {
		// A literal: it runs as often as the calls that call it in place,
		// or once when a command runs it.
		if field, ok := c.commands[fn]; ok && !c.values[fn] && len(c.direct[fn]) == 0 {
			return verdict{kind: once, via: fn.Pos(), why: "run once by the command, as its " + field}
		}
		calls := c.direct[fn]
		if len(calls) == 0 || c.values[fn] {
			return verdict{kind: unknown}
		}
		return c.callers(calls)
	}
	if c.values[fn] {
		return verdict{kind: unknown}
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil {
		return verdict{kind: unknown}
	}
	sig := obj.Signature()
	if sig.Recv() != nil && c.invoked[obj.Name()] {
		return verdict{kind: unknown} // may be called through an interface
	}
	if sig.Recv() == nil && (obj.Name() == "main" && fn.Pkg.Pkg.Name() == "main" || obj.Name() == "init") {
		return verdict{kind: once}
	}
	if valueflow.Exported(fn) {
		if v := c.callers(c.g.StaticCallers(fn)); v.kind == once {
			return v
		}
		return verdict{kind: exported, fn: fn}
	}
	calls := c.g.StaticCallers(fn)
	if len(calls) == 0 {
		return verdict{kind: unknown} // not called here: a handler, or dead code
	}
	return c.callers(calls)
}

// callers combines the verdicts of the calls of a function: unknown if any
// is, once if any chain runs it once, looped otherwise.
func (c *checker) callers(calls []ssa.CallInstruction) verdict {
	res := verdict{kind: looped}
	for _, call := range calls {
		if valueflow.InLoop(call.Block()) {
			continue
		}
		v := c.once(call.Parent())
		switch v.kind {
		case unknown, exported:
			return verdict{kind: unknown}
		case once:
			if res.kind != once {
				res = verdict{kind: once, via: call.Pos()}
				if v.via.IsValid() {
					res.via, res.why = v.via, v.why
				}
			}
		}
	}
	return res
}
