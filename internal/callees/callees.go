// Package callees defines a helper Analyzer whose Result answers, for one
// package, what its calls may call: the package's declared functions, its
// value-flow graph (internal/valueflow: its SSA form, with the one index of its
// calls by position, Graph.Calls and Graph.CallExpr), and, for a call of an
// interface method or a function value, the functions it may invoke. It is
// the package's call layer, as x/tools' typeindex and ctrlflow are: it knows
// no configuration and no consumer (kafkaconfig's Result) and no API (what a
// callee means is internal/kafkaapi's: kafkaapi.ConsumerMethod asks this
// Result what a call may reach).
//
// # Cost
//
// Its run copies what the answers need of the pass (the syntax and types,
// never the pass) and does nothing else: the declarations are collected and
// the graph is built on the first question, and only the passes of a package
// that uses a client ask (they return at once on kafkaconfig's Result
// otherwise). It never requires buildssa.
//
// The graph is built with confluent-kafka-go's Library (kafkaapi.ValueFlow);
// kafkaconfig, which requires this analyzer, tells it in its run which
// functions of other packages store through no pointer (their facts), before
// anything is traced: an analyzer that traces on the graph requires
// kafkaconfig too (every pass does, for its early return). The pure-Go
// clients' passes trace on the graphs of internal/clientgraph and
// internal/saramaconfig, and take the declarations (FuncDecls, which name no
// library) from here, as noreturn does.
package callees

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer computes a package's Result. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "kafkacallees",
	Doc:              "what the calls of a package may call, and its value-flow graph built on first use (a result for other analyzers; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/callees",
	Run:              run,
	RunDespiteErrors: true, // every answer is read defensively from what there is
	ResultType:       reflect.TypeFor[*Result](),
}

// Result answers what the calls of one package may call. It keeps nothing of
// the pass, computes on the first question and is safe for concurrent use
// (the passes of a package share it, concurrently in some drivers).
type Result struct {
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
		fset:   pass.Fset,
		pkg:    pass.Pkg,
		files:  pass.Files,
		info:   pass.TypesInfo,
		broken: len(pass.TypeErrors) > 0,
	}, nil
}

// Graph returns the package's value-flow graph. Ask only after the package
// has been found to use the library (kafkaconfig's Result): that is when it
// is worth building.
func (r *Result) Graph() *valueflow.Graph {
	r.graphOnce.Do(func() {
		r.graph = valueflow.New(r.fset, r.pkg, r.files, r.info, r.broken, kafkaapi.ValueFlow{})
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
// concrete values the receiver may hold (the library's own methods for a consumer
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
