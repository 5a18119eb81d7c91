// Package valueflow answers "where can this value come from" for one package that
// uses a Kafka client library, on the go/ssa form of that package. It names no
// library: what it must know of one (which calls register a callback, whose
// functions never store through their pointers) its caller gives it as a
// Library (internal/pkgindex gives the union of the clients' Libraries).
//
// The SSA form is built on first use and only for the package being analysed:
// never through buildssa, which would build it for every package of the program,
// Kafka or not (on golangci-lint's own tree, 1.8 GB and 8 times the time of a
// run without it). Imported packages are created from their
// types only, so calls into them are the ends of a trace.
//
// A pass asks a Flow (flow.go) first when the question is only where a node of
// a function body lies in go/ssa's form (in reachable code, in a loop): go/cfg's
// graph of that one body answers it without building the package's SSA form.
//
// # What is traced
//
// Copies, phi nodes (a variable assigned on several branches), interface
// conversions and type assertions, results of calls of the package's functions
// and of function values and closures (through their return statements), loads of
// local variables, captured variables, struct fields (by field, anywhere in the
// package) and unexported package variables, and parameters (to the arguments of
// every call of the function in the package, direct or through a function value,
// and, for the first parameter of a callback the library calls (Library.Callback:
// a rebalance callback's *Consumer), to the receiver of the call that registers it). A trace also returns the places it loaded the value
// from (Trace.Via), so that a pass can ask whether the value was changed on the
// way (Writes, FieldAddrs).
//
// Slices are followed on request: Backing follows a slice to the arrays it may
// share (slice literals, make, append), Elements to the values stored into their
// elements anywhere in the package, appended to them or copied into them, and
// ElementAddrs gives the element addresses, whose Writes are changes of the
// elements. Roots itself stops at a slice (*ssa.Slice, an append: constructions
// the passes classify, like allocations) and at an element.
//
// Generic code is traced in its declared form (the graph is built without
// ssa.InstantiateGenerics): a value in a generic function or a method of a
// generic type (Consumer[M].Run) is followed in the one body written in the
// source, whose calls of instances reach it through go/ssa's instantiation
// wrappers, and fields are keyed by their generic origin. The methods of a
// generic type are indexed even when nothing in the package calls them (go/ssa
// has no method sets of a parameterized type): Run of an exported
// Consumer[M] is called by its users, not by its package.
//
// # The policy for what is not traced
//
// A trace returns the roots it reached and whether it is complete. It is
// incomplete when a value may come from where the package cannot see: a parameter
// of a function other packages can call, a field other packages can set (an
// exported field), a package variable of another package or an exported one,
// a slice or map element, a channel, or a call through an interface method. The
// boundary values themselves are returned as roots, so that passes can carry a
// verdict to the caller as a fact. Every analyzer uses the same policy: a report
// needs a traced root that proves it (a "may" that is certain on one path); an
// untraced part never makes a report and never excuses one by itself.
package valueflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

// maxSteps bounds the work of one trace; a trace that reaches it is incomplete.
const maxSteps = 4000

// A Graph is the SSA form of one package with the indexes that traces use.
//
// A Graph is safe for concurrent use: the analyzers that share it through a
// helper analyzer's result (internal/pkgindex) may run at
// the same time on the same package (the standalone driver runs them in
// parallel). Its exported methods take one lock; the unexported ones that they
// call each other through do not.
type Graph struct {
	// mu serialises the exported methods: the passes that share a
	// graph run concurrently in some drivers, and the graph is
	// built and memoised on demand.
	mu    sync.Mutex
	fset  *token.FileSet
	pkg   *types.Package
	files []*ast.File
	info  *types.Info
	lib   Library
	// broken is set when the package has type errors (go/ssa needs well-typed
	// code) or when building it failed: every trace is then incomplete.
	broken bool

	built bool
	spkg  *ssa.Package
	// uncreated is set by index when the code calls or takes a function of a
	// direct import that buildSSA did not create (see there).
	uncreated bool

	funcs      []*ssa.Function                         // the package's functions, literals and wrappers
	byAST      map[ast.Node]*ssa.Function              // *ast.FuncDecl, *ast.FuncLit -> function
	calls      map[token.Pos][]ssa.CallInstruction     // call instructions by the position of "("
	syntax     map[token.Pos]*ast.CallExpr             // syntax calls by the position of "("
	exprs      map[ast.Expr]ssa.Value                  // receivers and arguments of calls
	fields     map[*types.Var][]ssa.Value              // values stored into each field
	stores     map[*types.Var][]*ssa.Store             // the stores themselves
	globals    map[*ssa.Global][]ssa.Value             // values stored into package variables
	static     map[*ssa.Function][]ssa.CallInstruction // direct calls of each function
	dynamic    []ssa.CallInstruction                   // calls through function values
	dynIndex   map[*ssa.Function][]ssa.CallInstruction // dynamic calls by the functions they may call
	escapes    map[*ssa.Function]bool                  // functions other code may call
	subs       map[*ssa.Function][]ssa.Value           // registered callbacks -> receivers of the calls that register them
	wrappedCbs [][2]ssa.Value                          // receiver and callback of registering calls given a call's result
	cbIndex    map[*ssa.Function][]ssa.Value           // callbackSubs, computed once
	closures   map[*ssa.Function][]*ssa.MakeClosure    // closures of each function literal
	indexing   bool                                    // building dynIndex: parameters follow direct calls only
	fieldAddrs map[*types.Var][]*ssa.FieldAddr         // every &x.f of each field
	elemAddrs  map[ssa.Value][]*ssa.IndexAddr          // element addresses by backing array (on demand)
	copies     map[ssa.Value][]ssa.Value               // sources of copy calls by destination array (on demand)
	noStores   map[types.Object]bool                   // other packages' functions that store through no pointer argument
	roots      map[ssa.Value]*Trace                    // memo
	busy       map[ssa.Value]bool                      // traces in progress
}

// A Library is what a graph is told about the client library its package uses:
// valueflow itself names no library. Implementations are plain data (a graph is
// part of helper analyzers' Results, which hold no closures); nil knows nothing.
type Library interface {
	// Callback returns, for a method whose calls register a function that the
	// library later calls with the call's receiver as its first argument (a
	// rebalance callback registered by Subscribe), the index of that function
	// among the call's arguments, the receiver not counted. A parameter of such
	// a function is traced to the receivers of the calls that register it, and
	// passing it there is not an escape.
	Callback(fn *types.Func) (arg int, ok bool)
	// Owns reports whether pkg is the library's: its functions never store
	// through their pointer arguments, so passing a pointer to one leaves the
	// trace of what it points to complete.
	Owns(pkg *types.Package) bool
}

// Libraries is the union of several libraries, each of which answers for its
// own packages only (the graph of a package that uses two clients): a method
// registers a callback if one of them says so, with the index the first says,
// and a package is owned if one of them owns it.
type Libraries []Library

// Callback is the first answer of a library that knows fn.
func (ls Libraries) Callback(fn *types.Func) (int, bool) {
	for _, l := range ls {
		if arg, ok := l.Callback(fn); ok {
			return arg, true
		}
	}
	return 0, false
}

// Owns reports whether one of the libraries owns pkg.
func (ls Libraries) Owns(pkg *types.Package) bool {
	for _, l := range ls {
		if l.Owns(pkg) {
			return true
		}
	}
	return false
}

// New returns the graph of a package that uses lib; nothing is built until a
// trace is asked for. hasTypeErrors makes every trace incomplete.
func New(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info, hasTypeErrors bool, lib Library) *Graph {
	return &Graph{fset: fset, pkg: pkg, files: files, info: info, lib: lib, broken: hasTypeErrors || pkg == nil || info == nil}
}

// SetNoStores names functions of other packages that store nothing through
// their pointer arguments (a pass knows them from its facts: a helper that
// only writes settings into the ConfigMap it is given), so that a variable
// passed to them is still traced. Call it before the traces that need it:
// kafkaconfig calls it in its run, before every pass that requires it. The
// graph is shared by the passes of every client, and one that requires no
// kafkaconfig may have traced already: what was computed from traces (the
// memo, the indexes of dynamic calls, callbacks and elements) is then
// dropped, so that a trace after the call is what it would be on a graph
// told before any trace.
func (g *Graph) SetNoStores(fns []types.Object) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.noStores == nil {
		g.noStores = make(map[types.Object]bool)
	}
	added := false
	for _, fn := range fns {
		added = added || !g.noStores[fn]
		g.noStores[fn] = true
	}
	if added && g.built {
		clear(g.roots)
		g.dynIndex, g.cbIndex, g.elemAddrs, g.copies = nil, nil, nil, nil
	}
}

// A Trace is what a value may come from.
type Trace struct {
	Roots    []ssa.Value // values the trace does not look through, in the order found
	Complete bool        // every source was followed to a root inside the package
	// Via holds the places the value was loaded from on the way to its
	// roots: local variables and allocations (*ssa.Alloc), fields (the
	// *ssa.FieldAddr or *ssa.Field of the load; a field stands for every
	// place of that field, see FieldAddrs) and package variables. A pass
	// that asks whether the value was changed on the way looks at their
	// Writes.
	Via []ssa.Value
	// Calls holds the calls of the package's functions whose results the
	// trace followed into the callee's return statements, each with the
	// callee (a call through a function value may have several). A pass
	// that needs the value of a callee's parameter at the call that
	// produced a root (the configuration a shared constructor was given by
	// this caller, not by every caller) traces it again with RootsIn.
	Calls []CallEdge
}

// A CallEdge is a call instruction and one function it may call.
type CallEdge struct {
	Call   ssa.CallInstruction
	Callee *ssa.Function
}

func (g *Graph) build() {
	if g.built {
		return
	}
	g.built = true
	if g.broken {
		return
	}
	imports := referencedImports(g.pkg, g.info)
	if g.spkg = g.buildSSA(imports); g.spkg != nil {
		g.index()
		if g.uncreated {
			g.spkg = nil // a function of an import left out: build again with all
		}
	}
	if g.spkg == nil && len(imports) < len(g.pkg.Imports()) {
		// Every direct import, as buildssa creates them.
		g.uncreated = false
		g.spkg = g.buildSSA(g.pkg.Imports())
		if g.spkg != nil {
			g.index()
		}
	}
	if g.spkg == nil {
		// go/ssa asserts on code it cannot build; a package it cannot build
		// is one we know nothing about, not a crash of the linter.
		g.broken = true
	}
}

// buildSSA builds the package's SSA form in a program of its own, with SSA
// packages created from their types for the given direct imports, and returns
// nil if go/ssa panicked.
//
// go/ssa needs a package created for a package-level function or variable that
// the code names (it panics otherwise), and a function of a package that was
// not created has no Package (Function.Pkg is nil), which the passes read (is
// this callee the client's?). Creating an import makes an SSA member of each of
// its package-level names (syscall has more than two thousand), and on a module
// of small consumers that was most of the memory the SSA form took; most imports
// are there for a function or a type, but some (syscall for its signal numbers)
// only for constants. So build first creates the imports whose functions
// (methods included) or variables the code names (referencedImports), and
// builds again with every direct import, as buildssa creates them, if the code
// calls or takes a function of one left out (a method promoted through an
// embedded field, say): index sets uncreated then. The package initialiser does
// not call the imports' ones (ssa.BareInits): no trace follows an initialiser of
// another package, and without those calls the imports need not all be created.
func (g *Graph) buildSSA(imports []*types.Package) (spkg *ssa.Package) {
	defer func() {
		if r := recover(); r != nil {
			spkg = nil
		}
	}()
	prog := ssa.NewProgram(g.fset, ssa.BareInits)
	for _, p := range imports {
		prog.CreatePackage(p, nil, nil, true)
	}
	spkg = prog.CreatePackage(g.pkg, g.files, g.info, false)
	spkg.Build()
	return spkg
}

// referencedImports returns the direct imports of pkg whose functions (methods
// included) or package-level variables the code names.
func referencedImports(pkg *types.Package, info *types.Info) []*types.Package {
	named := make(map[*types.Package]bool)
	for _, obj := range info.Uses {
		switch obj := obj.(type) {
		case *types.Func:
			named[obj.Pkg()] = true
		case *types.Var:
			if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				named[obj.Pkg()] = true
			}
		}
	}
	var imports []*types.Package
	for _, p := range pkg.Imports() {
		if named[p] {
			imports = append(imports, p)
		}
	}
	return imports
}

// noteUncreated sets g.uncreated if fn is a function of a direct import that
// buildSSA did not create.
func (g *Graph) noteUncreated(fn *ssa.Function) {
	if fn.Pkg != nil || g.uncreated {
		return
	}
	obj := fn.Object()
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == g.pkg || g.spkg.Prog.Package(obj.Pkg()) != nil {
		return
	}
	g.uncreated = slices.Contains(g.pkg.Imports(), obj.Pkg())
}

// index records what traces look up: calls, stores, and uses of functions as values.
func (g *Graph) index() {
	g.funcs, g.dynamic, g.wrappedCbs = nil, nil, nil // build may index twice
	g.byAST = make(map[ast.Node]*ssa.Function)
	g.calls = make(map[token.Pos][]ssa.CallInstruction)
	g.exprs = make(map[ast.Expr]ssa.Value)
	g.fields = make(map[*types.Var][]ssa.Value)
	g.stores = make(map[*types.Var][]*ssa.Store)
	g.fieldAddrs = make(map[*types.Var][]*ssa.FieldAddr)
	g.globals = make(map[*ssa.Global][]ssa.Value)
	g.static = make(map[*ssa.Function][]ssa.CallInstruction)
	g.escapes = make(map[*ssa.Function]bool)
	g.subs = make(map[*ssa.Function][]ssa.Value)
	g.roots = make(map[ssa.Value]*Trace)
	g.busy = make(map[ssa.Value]bool)
	g.closures = make(map[*ssa.Function][]*ssa.MakeClosure)

	seen := make(map[*ssa.Function]bool)
	var queue []*ssa.Function
	add := func(fn *ssa.Function) {
		if fn != nil && !seen[fn] && Local(fn) {
			seen[fn] = true
			queue = append(queue, fn)
		}
	}
	for _, m := range g.spkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			// The methods as declared: for a generic type the method sets
			// below hold none (go/ssa has no method values of a
			// parameterized type), and a method nothing in the package
			// calls (Run of an exported Consumer[M], called by its users)
			// would otherwise have no SSA form here. Built without
			// InstantiateGenerics, the declared body is the one whose
			// values traces follow; calls of instances reach it through
			// instantiation wrappers.
			if n, ok := types.Unalias(m.Type()).(*types.Named); ok {
				for i := range n.NumMethods() {
					add(g.spkg.Prog.FuncValue(n.Method(i)))
				}
			}
			for _, t := range []types.Type{m.Type(), types.NewPointer(m.Type())} {
				ms := g.spkg.Prog.MethodSets.MethodSet(t)
				for i := 0; i < ms.Len(); i++ {
					if f := g.spkg.Prog.MethodValue(ms.At(i)); f != nil && f.Pkg == g.spkg {
						add(f)
					}
				}
			}
		}
	}
	g.syntax = make(map[token.Pos]*ast.CallExpr)
	for _, f := range g.files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				g.syntax[c.Lparen] = c
			}
			return true
		})
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		g.funcs = append(g.funcs, fn)
		if syn := fn.Syntax(); syn != nil && fn.Synthetic == "" {
			g.byAST[syn] = fn
		}
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				g.indexInstr(instr, add)
			}
		}
	}
}

func (g *Graph) indexInstr(instr ssa.Instruction, add func(*ssa.Function)) {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		if f := fieldOf(in.X.Type(), in.Field, true); f != nil {
			g.fieldAddrs[f] = append(g.fieldAddrs[f], in)
		}
	case *ssa.MakeClosure:
		if fn, ok := in.Fn.(*ssa.Function); ok {
			g.closures[fn] = append(g.closures[fn], in)
		}
	case *ssa.Store:
		switch addr := in.Addr.(type) {
		case *ssa.FieldAddr:
			if f := fieldOf(addr.X.Type(), addr.Field, true); f != nil {
				g.fields[f] = append(g.fields[f], in.Val)
				g.stores[f] = append(g.stores[f], in)
			}
		case *ssa.Global:
			g.globals[addr] = append(g.globals[addr], in.Val)
		}
	case ssa.CallInstruction:
		c := in.Common()
		g.calls[c.Pos()] = append(g.calls[c.Pos()], in)
		if callee := c.StaticCallee(); callee != nil {
			g.noteUncreated(callee)
			g.static[callee] = append(g.static[callee], in)
			add(callee)
		} else if !c.IsInvoke() {
			g.dynamic = append(g.dynamic, in)
		}
		if ac := g.syntax[c.Pos()]; ac != nil {
			g.indexExprs(ac, c)
		}
		g.noteCallback(c)
	}
	// Functions used as values: closures, method values, callbacks.
	var ops [16]*ssa.Value
	for i, op := range instr.Operands(ops[:0]) {
		fn := funcOf(*op)
		if fn == nil {
			continue
		}
		g.noteUncreated(fn)
		add(fn)
		if call, ok := instr.(ssa.CallInstruction); ok && i == 0 && !call.Common().IsInvoke() && call.Common().Value == *op {
			continue // the callee of a direct call
		}
		if g.escaping(instr, *op) {
			g.escapes[fn] = true
		}
	}
}

// funcOf returns the function a function value denotes, or nil.
func funcOf(v ssa.Value) *ssa.Function {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X // a literal passed as a named function type (kafka.RebalanceCb)
	}
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		return v.Fn.(*ssa.Function)
	}
	return nil
}

// escaping reports whether instr hands the function value v to code the
// package cannot see, which may then call it with anything.
func (g *Graph) escaping(instr ssa.Instruction, v ssa.Value) bool {
	switch in := instr.(type) {
	case *ssa.FieldAddr:
		if f := fieldOf(in.X.Type(), in.Field, true); f != nil {
			g.fieldAddrs[f] = append(g.fieldAddrs[f], in)
		}
	case *ssa.MakeClosure:
		return in.Fn == v // a binding of another closure, or the closure itself: traced by its uses
	case *ssa.MakeInterface, *ssa.Send, *ssa.MapUpdate:
		return true
	case *ssa.Store:
		switch addr := in.Addr.(type) {
		case *ssa.FieldAddr:
			f := fieldOf(addr.X.Type(), addr.Field, true)
			return f == nil || f.Exported()
		case *ssa.Global:
			return addr.Object() == nil || addr.Object().Exported()
		case *ssa.Alloc:
			return false
		}
		return true
	case *ssa.Return:
		return reachableFromOutside(in.Parent())
	case ssa.CallInstruction:
		c := in.Common()
		if Local(c.StaticCallee()) {
			return false // traced through the callee's parameter
		}
		if _, cb := g.callbackArgs(c); cb != nil && funcOf(cb) == funcOf(v) {
			return false // a registered callback: called with the receiver
		}
		return true
	case *ssa.Phi, *ssa.ChangeType:
		return false
	}
	return false
}

// noteCallback records a function registered as a callback by c (Library.Callback).
func (g *Graph) noteCallback(c *ssa.CallCommon) {
	if recv, cb := g.callbackArgs(c); cb != nil {
		if fn := funcOf(cb); fn != nil {
			g.subs[fn] = append(g.subs[fn], recv)
		} else {
			g.wrappedCbs = append(g.wrappedCbs, [2]ssa.Value{recv, cb})
		}
	}
}

// callbackSubs indexes the callbacks that Subscribe calls get as the result
// of a call (middleware that wraps a handler, returning a function that calls
// it): the functions those values are traced to, with the receivers, computed
// once, like dynamicCalls.
func (g *Graph) callbackSubs() map[*ssa.Function][]ssa.Value {
	if g.cbIndex != nil || g.indexing {
		return g.cbIndex
	}
	g.cbIndex = make(map[*ssa.Function][]ssa.Value)
	g.indexing = true
	busy := g.busy // as in dynamicCalls: start afresh
	g.busy = make(map[ssa.Value]bool)
	defer func() { g.busy = busy }()
	for _, rc := range g.wrappedCbs {
		for _, r := range g.rootsOf(rc[1]).Roots {
			if fn := funcOf(r); fn != nil {
				g.cbIndex[fn] = append(g.cbIndex[fn], rc[0])
			}
		}
	}
	g.indexing = false
	return g.cbIndex
}

// callbackArgs returns the receiver and the callback of a call that registers a
// callback (Library.Callback), statically or through an interface method.
func (g *Graph) callbackArgs(c *ssa.CallCommon) (recv, cb ssa.Value) {
	if g.lib == nil {
		return nil, nil
	}
	if c.IsInvoke() {
		arg, ok := g.lib.Callback(c.Method)
		if !ok || arg >= len(c.Args) {
			return nil, nil
		}
		return c.Value, c.Args[arg]
	}
	callee := c.StaticCallee()
	if callee == nil {
		return nil, nil
	}
	fn, _ := callee.Object().(*types.Func)
	if fn == nil || fn.Signature().Recv() == nil {
		return nil, nil
	}
	arg, ok := g.lib.Callback(fn)
	if !ok || arg+1 >= len(c.Args) {
		return nil, nil
	}
	return c.Args[0], c.Args[arg+1] // a static method call passes its receiver first
}

// indexExprs maps the receiver and arguments of the syntax call ac to the
// values the SSA call c passes.
func (g *Graph) indexExprs(ac *ast.CallExpr, c *ssa.CallCommon) {
	args := c.Args
	if c.IsInvoke() {
		if sel, ok := ast.Unparen(ac.Fun).(*ast.SelectorExpr); ok {
			g.exprs[ast.Unparen(sel.X)] = c.Value
		}
	} else if callee := c.StaticCallee(); callee != nil && callee.Signature.Recv() != nil && len(args) > 0 {
		if sel, ok := ast.Unparen(ac.Fun).(*ast.SelectorExpr); ok {
			g.exprs[ast.Unparen(sel.X)] = args[0]
		}
		args = args[1:]
	}
	if c.Signature().Variadic() || ac.Ellipsis.IsValid() || len(args) != len(ac.Args) {
		return
	}
	for i, a := range ac.Args {
		g.exprs[ast.Unparen(a)] = args[i]
	}
}

// fieldOf returns the field i of the struct that ptr (a pointer to a struct, or
// a struct when !isPtr) holds, as declared (the generic origin).
func fieldOf(t types.Type, i int, isPtr bool) *types.Var {
	if isPtr {
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}

// Local reports whether fn has a body in this graph: a function of the package,
// one of its literals, or a wrapper built for it. Functions of other packages
// are known by their types only.
func Local(fn *ssa.Function) bool { return fn != nil && len(fn.Blocks) > 0 }

// Func returns the SSA function of a *ast.FuncDecl or *ast.FuncLit, or nil.
func (g *Graph) Func(decl ast.Node) *ssa.Function {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	return g.byAST[decl]
}

// Calls returns the call instructions of the syntax call ac (one, or none when
// the call is a conversion, a builtin or code go/ssa could not build).
func (g *Graph) Calls(ac *ast.CallExpr) []ssa.CallInstruction {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	return g.calls[ac.Lparen]
}

// CallExpr returns the syntax call of the call instruction c, or nil (a call
// go/ssa made up, as a wrapper's). With Calls, it is the one index of the
// package's calls by position, in both directions.
func (g *Graph) CallExpr(c ssa.CallInstruction) *ast.CallExpr {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || c == nil {
		return nil
	}
	return g.syntax[c.Common().Pos()]
}

// ValueOf returns the value of e, which must be the receiver or an argument of
// a call, or nil.
func (g *Graph) ValueOf(e ast.Expr) ssa.Value {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || e == nil {
		return nil
	}
	return g.exprs[ast.Unparen(e)]
}

// Functions returns every function of the package, its function literals and
// the wrappers it uses, in the order found.
func (g *Graph) Functions() []*ssa.Function {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	return g.funcs
}

// Broken reports whether the package could not be put in SSA form.
func (g *Graph) Broken() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	return g.broken
}

// Exported reports whether other packages can call fn: a function or method
// that a fact about its parameters can describe to them.
func Exported(fn *ssa.Function) bool { return reachableFromOutside(fn) }

// reachableFromOutside reports whether other packages can call fn: it is
// exported and, for a method, so is its receiver's type. Literals cannot.
func reachableFromOutside(fn *ssa.Function) bool {
	if fn == nil || fn.Parent() != nil {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Synthetic != "" {
		return false // wrappers are called through the closures that hold them
	}
	if !obj.Exported() {
		return false
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return true
	}
	n := analysisutil.NamedType(recv.Type())
	return n == nil || n.Obj().Exported()
}

// Package returns the package's SSA form (nil until built, or when broken).
func (g *Graph) Package() *ssa.Package {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	return g.spkg
}

// StaticCallers returns the direct calls of fn in the package.
func (g *Graph) StaticCallers(fn *ssa.Function) []ssa.CallInstruction {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	return g.static[fn]
}

// Callers returns the calls of fn in the package that may call it: its
// direct calls and the calls through function values it may be.
func (g *Graph) Callers(fn *ssa.Function) []ssa.CallInstruction {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	return append(slices.Clip(g.static[fn]), g.dynamicCalls()[fn]...)
}

// CertainCallers returns the calls of fn in the package that can call nothing
// else: its direct calls, and calls through a function value that the
// package traces to fn alone (an option applied as withManualCommit()(cm)).
func (g *Graph) CertainCallers(fn *ssa.Function) []ssa.CallInstruction {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	out := append([]ssa.CallInstruction(nil), g.static[fn]...)
	for _, call := range g.dynamicCalls()[fn] {
		tr := g.rootsOf(call.Common().Value)
		if tr.Complete && len(tr.Roots) == 1 && funcOf(tr.Roots[0]) == fn {
			out = append(out, call)
		}
	}
	return out
}

// FieldStoreInstrs returns the stores into field f in the package, for passes
// that report where a value is handed over (a struct literal's key or an
// assignment: Store.Pos).
func (g *Graph) FieldStoreInstrs(f *types.Var) []*ssa.Store {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken || f == nil {
		return nil
	}
	return g.stores[f.Origin()]
}

// ParamIndex returns the index of p among the parameters of its function as
// written (-1 for a method's receiver), and the declared function, or ok=false
// for parameters of literals and wrappers.
func ParamIndex(p *ssa.Parameter) (fn *types.Func, index int, ok bool) {
	sfn := p.Parent()
	obj, isFunc := sfn.Object().(*types.Func)
	if !isFunc || sfn.Synthetic != "" || sfn.Parent() != nil {
		return nil, 0, false
	}
	for i, q := range sfn.Params {
		if q == p {
			if obj.Signature().Recv() != nil {
				i-- // Params[0] is the receiver
			}
			return obj, i, true
		}
	}
	return nil, 0, false
}

// ReachableFromOutside reports whether other packages may call fn.
func ReachableFromOutside(fn *ssa.Function) bool { return reachableFromOutside(fn) }

// Spawned returns the functions of the package that may run on a goroutine
// the package starts: with a go statement (the function started, directly or
// through a function value) or through the Go method of a goroutine group
// (IsGroup: errgroup.Group, or a team's own type of that shape in another
// package), and, transitively, the functions and literals they call.
func (g *Graph) Spawned() map[*ssa.Function]bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	set := make(map[*ssa.Function]bool)
	if g.broken {
		return set
	}
	var queue []*ssa.Function
	add := func(fn *ssa.Function) {
		if Local(fn) && !set[fn] {
			set[fn] = true
			queue = append(queue, fn)
		}
	}
	for _, fn := range g.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && IsGroupGo(call.Common().StaticCallee()) {
					for _, arg := range call.Common().Args[1:] {
						for _, r := range g.rootsOf(arg).Roots {
							add(funcOf(r))
						}
					}
					continue
				}
				goi, ok := instr.(*ssa.Go)
				if !ok || goi.Call.IsInvoke() {
					continue
				}
				if callee := goi.Call.StaticCallee(); callee != nil {
					add(callee)
					continue
				}
				for _, r := range g.rootsOf(goi.Call.Value).Roots {
					add(funcOf(r))
				}
			}
		}
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					add(call.Common().StaticCallee())
				}
			}
		}
	}
	return set
}

// FuncOf returns the function a function value denotes (a function, a closure,
// either converted to a named function type), or nil.
func FuncOf(v ssa.Value) *ssa.Function { return funcOf(v) }

// CallOf returns the call whose result root is: the call itself, or the call
// an Extract takes one result of; nil otherwise.
func CallOf(root ssa.Value) *ssa.Call {
	switch x := root.(type) {
	case *ssa.Call:
		return x
	case *ssa.Extract:
		call, _ := x.Tuple.(*ssa.Call)
		return call
	}
	return nil
}

// FieldOf returns the field (as declared) that a FieldAddr or Field selects, or nil.
func FieldOf(v ssa.Value) *types.Var {
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return fieldOf(x.X.Type(), x.Field, true)
	case *ssa.Field:
		return fieldOf(x.X.Type(), x.Field, false)
	}
	return nil
}

// Escaping returns the values of a type match accepts that the package hands
// to code it cannot see: arguments of calls of other packages' functions (the
// library's own, for which library returns true, excepted), values converted
// to an interface, sent on a channel, stored in an exported field or
// variable, an element or a place the package does not own, and results of
// functions other packages can call. A rule that needs every use of a client
// ("nothing commits on it") is silent for the clients these values may be.
func (g *Graph) Escaping(match func(types.Type) bool, library func(*types.Package) bool) []ssa.Value {
	return g.EscapingBut(match, library, nil)
}

// EscapingBut is Escaping, except that a conversion to an interface type
// that followed accepts is not an escape: the caller follows the interface
// values itself (a client behind the program's own interface, whose values
// it asks Escaping about in turn).
func (g *Graph) EscapingBut(match func(types.Type) bool, library func(*types.Package) bool, followed func(types.Type) bool) []ssa.Value {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.build()
	if g.broken {
		return nil
	}
	var out []ssa.Value
	is := func(v ssa.Value) bool { return v != nil && match(v.Type()) }
	for _, fn := range g.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					c := in.Common()
					callee := c.StaticCallee()
					if Local(callee) && callee.Pkg == g.spkg {
						continue // followed through the callee's parameters
					}
					if callee != nil && callee.Object() != nil && library(callee.Object().Pkg()) {
						continue
					}
					for _, a := range c.Args {
						if is(a) {
							out = append(out, a)
						}
					}
				case *ssa.MakeInterface:
					if is(in.X) && (followed == nil || !followed(in.Type())) {
						out = append(out, in.X)
					}
				case *ssa.Send:
					if is(in.X) {
						out = append(out, in.X)
					}
				case *ssa.Store:
					if !is(in.Val) {
						continue
					}
					switch addr := in.Addr.(type) {
					case *ssa.Alloc:
					case *ssa.FieldAddr:
						if f := fieldOf(addr.X.Type(), addr.Field, true); f == nil || f.Exported() {
							out = append(out, in.Val)
						}
					case *ssa.Global:
						if addr.Object() == nil || addr.Object().Exported() {
							out = append(out, in.Val)
						}
					default:
						out = append(out, in.Val)
					}
				case *ssa.Return:
					if !reachableFromOutside(fn) {
						continue
					}
					for _, v := range in.Results {
						if is(v) {
							out = append(out, v)
						}
					}
				}
			}
		}
	}
	return out
}

// IsGroup reports whether t (or *t) is a goroutine group: a named type with a
// method Go that takes a function (func() or func() error) and runs it on a
// goroutine, and a method Wait without parameters that waits for them, the
// shape of golang.org/x/sync/errgroup.Group, sourcegraph/conc's WaitGroup and
// the errgroup-like types teams write. Its Go starts a goroutine, its Wait
// waits for them; the shape is recognised without facts, since the package
// that declares the type may not use a Kafka client (and so is not analysed).
func IsGroup(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	goSel, waitSel := ms.Lookup(n.Obj().Pkg(), "Go"), ms.Lookup(n.Obj().Pkg(), "Wait")
	if goSel == nil || waitSel == nil {
		return false
	}
	goSig, _ := goSel.Type().(*types.Signature)
	waitSig, _ := waitSel.Type().(*types.Signature)
	if goSig == nil || waitSig == nil || goSig.Params().Len() != 1 || waitSig.Params().Len() != 0 {
		return false
	}
	f, ok := goSig.Params().At(0).Type().Underlying().(*types.Signature)
	return ok && f.Params().Len() == 0 && f.Results().Len() <= 1
}

// IsGroupGo reports whether fn is the Go method of a goroutine group (IsGroup).
func IsGroupGo(fn *ssa.Function) bool {
	if fn == nil || fn.Signature.Recv() == nil || fn.Name() != "Go" {
		return false
	}
	return IsGroup(fn.Signature.Recv().Type())
}

// IsGroupWait reports whether fn is the Wait method of a goroutine group
// (IsGroup).
func IsGroupWait(fn *types.Func) bool {
	if fn == nil || fn.Name() != "Wait" {
		return false
	}
	recv := fn.Signature().Recv()
	return recv != nil && IsGroup(recv.Type())
}
