// Package pkgindex defines the helper Analyzer that every analyzer of the
// suite stands on, whatever client it checks: its Result is the package's
// index, computed once for all of them. It answers
//
//   - which packages of the supported clients the package imports, directly
//     or transitively (Imports, Reaches): one walk of its imports
//     (clients.Imports), the early return of every pass;
//   - its declared functions (FuncDecls);
//   - its value-flow graph (internal/valueflow: its SSA form, with the one
//     index of its calls by position, Graph.Calls and Graph.CallExpr), one
//     graph for every client the package uses;
//   - for a call of an interface method or a function value, the functions
//     it may invoke (Callees).
//
// It is the package's call layer, as x/tools' typeindex and ctrlflow are: it
// knows no configuration, no consumer and no API. What a callee means is the
// client's api package's (kafkaapi.ConsumerMethod asks this Result what a call
// may reach); whether a pass checks the package is decided by its client's
// model (kafkaconfig, saramaconfig, clientgraph: analysisutil.ClientUse), never
// here, so that each pass says it checked only the packages of its client.
//
// # One graph, every client
//
// The graph is built with the union of the clients' Libraries (Libraries):
// each answers only for its own client's functions (which of them register a
// callback, whose pointer arguments they never store through), so a trace of
// one client's values gets the answers it got on a graph of its own, and a
// package that uses two clients builds go/ssa once. kafkaconfig, which requires
// this analyzer, tells the graph in its run which functions of other packages
// store through no pointer (its facts: Graph.SetNoStores).
//
// # Cost
//
// Its run walks the package's imports and copies what the answers need of the
// pass (the syntax and types, never the pass). The declarations are collected
// and the graph is made on the first question, and go/ssa builds the package
// only when a trace asks; only the passes of a package that uses a client ask
// (every pass returns first on its client's imports). It never requires
// buildssa.
package pkgindex

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/kafkagoapi"
	"github.com/kafkalint/kafkalint/internal/kgoapi"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer computes a package's Result. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "pkgindex",
	Doc:              "the clients a package imports, its declarations, its value-flow graph built on first use and what its calls may call (a result for kafkalint's analyzers; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/pkgindex",
	Run:              run,
	RunDespiteErrors: true, // every answer is read defensively from what there is
	ResultType:       reflect.TypeFor[*Result](),
}

// Libraries is what the graph is told of the supported clients: each client's
// Library, which answers for its own packages only.
var Libraries = valueflow.Libraries{kafkaapi.ValueFlow{}, saramaapi.ValueFlow{}, kgoapi.ValueFlow{}, kafkagoapi.ValueFlow{}}

// Result is the index of one package. It keeps nothing of the pass, computes
// on the first question and is safe for concurrent use (the passes of a
// package share it, concurrently in some drivers).
//
// It is not an analysisutil.ClientUse: a pass's client model says whether the
// pass checks the package.
type Result struct {
	imports map[clients.Client][]*types.Package

	// What the answers need of the pass, copied in run.
	fset   *token.FileSet
	pkg    *types.Package
	files  []*ast.File
	info   *types.Info
	broken bool // type errors: every trace is incomplete

	graphOnce sync.Once
	graph     *valueflow.Graph // nothing of it is built until a trace asks
	declsOnce sync.Once
	decls     map[*types.Func]*ast.FuncDecl
}

func run(pass *analysis.Pass) (any, error) {
	return &Result{
		imports: clients.Imports(pass.Pkg),
		fset:    pass.Fset,
		pkg:     pass.Pkg,
		files:   pass.Files,
		info:    pass.TypesInfo,
		broken:  len(pass.TypeErrors) > 0,
	}, nil
}

// Imports returns the packages of client c that the package imports, directly
// or transitively, in the order first met (clients.Imports); none when it
// cannot use c.
func (r *Result) Imports(c clients.Client) []*types.Package { return r.imports[c] }

// Reaches reports whether the package imports a package of any supported
// client, directly or transitively: whether any analyzer has something to
// check in it.
func (r *Result) Reaches() bool { return len(r.imports) > 0 }

// Graph returns the package's value-flow graph. Ask only after the package
// has been found to use a client (its imports): that is when it is worth
// building.
func (r *Result) Graph() *valueflow.Graph {
	r.graphOnce.Do(func() {
		r.graph = valueflow.New(r.fset, r.pkg, r.files, r.info, r.broken, Libraries)
	})
	return r.graph
}

// FuncDecls maps the package's functions and methods that have a body to
// their declarations (analysisutil.FuncDecls, collected once).
func (r *Result) FuncDecls() map[*types.Func]*ast.FuncDecl {
	r.declsOnce.Do(func() { r.decls = analysisutil.FuncDecls(r.info, r.files) })
	return r.decls
}

// Callees returns the functions call may call, and whether the list is complete:
// its static callee; for a call of an interface method, the methods of the
// concrete values the receiver may hold (a client's own methods for a consumer
// or an adapter that embeds one and does not override them); for a call of a
// function value, the declared functions it may be.
func (r *Result) Callees(call *ast.CallExpr) ([]*types.Func, bool) {
	fn := analysisutil.CalledFunc(r.info, call)
	if fn != nil {
		if !analysisutil.IsInterfaceMethod(fn) {
			return []*types.Func{fn}, true
		}
	} else if tv, ok := r.info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return nil, true // a conversion or a builtin
	}
	g := r.Graph()
	var out []*types.Func
	complete := true
	for _, in := range g.Calls(call) {
		c := in.Common()
		if c.IsInvoke() {
			tr := g.Roots(c.Value)
			complete = complete && tr.Complete
			for _, root := range tr.Roots {
				if m := analysisutil.MethodOf(root.Type(), c.Method); m != nil {
					out = appendFunc(out, m)
				} else {
					complete = false
				}
			}
			continue
		}
		tr := g.Roots(c.Value)
		complete = complete && tr.Complete
		for _, root := range tr.Roots {
			f := valueflow.FuncOf(root)
			if f == nil {
				complete = false // not a function value the package makes
				continue
			}
			if obj, ok := f.Object().(*types.Func); ok {
				out = appendFunc(out, obj)
			} else {
				complete = false // a function literal: no declaration to summarise
			}
		}
	}
	if len(g.Calls(call)) == 0 {
		complete = false
	}
	return out, complete
}

func appendFunc(list []*types.Func, fn *types.Func) []*types.Func {
	for _, f := range list {
		if f == fn {
			return list
		}
	}
	return append(list, fn)
}
