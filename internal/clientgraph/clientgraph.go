// Package clientgraph gives the passes of the pure-Go clients (franz-go,
// kafka-go, sarama) what kafkaconfig gives confluent-kafka-go's: which of the
// clients a package reaches, found once per package by one walk of its
// imports, and the package's SSA form (internal/valueflow), built on first use
// and shared by the passes that ask for it.
//
// A package that reaches none of them costs the import walk and nothing more:
// its passes return before asking for anything else, since linters run on
// every package of large trees, in editors on every keystroke.
package clientgraph

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer computes a package's Result. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "kafkaclientgraph",
	Doc:              "which pure-Go Kafka clients a package reaches, and its SSA form built on first use (for kafkalint's passes; reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/clientgraph",
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	Run:              run,
}

// Result is what the passes of one package share. It is safe for concurrent use.
type Result struct {
	imports map[clients.Client][]*types.Package

	graphOnce sync.Once
	newGraph  func() *valueflow.Graph
	graph     *valueflow.Graph

	mu   sync.Mutex
	memo map[any]*memoEntry
}

type memoEntry struct {
	once sync.Once
	v    any
}

// UsesClient reports whether the package reaches one of the pure-Go clients
// (analysisutil.ClientUse: the passes' //kafkalint: directives are checked
// there).
func (r *Result) UsesClient() bool { return len(r.imports) > 0 }

// Imports returns the packages of client c that the package imports, directly
// or transitively; none when it cannot use c.
func (r *Result) Imports(c clients.Client) []*types.Package { return r.imports[c] }

// Graph returns the package's value-flow graph; nothing is built until a trace
// is asked for. Ask only after Imports has shown that the package uses a client.
func (r *Result) Graph() *valueflow.Graph {
	r.graphOnce.Do(func() { r.graph = r.newGraph() })
	return r.graph
}

// Memo returns the value compute gives for key, computed once per package and
// shared by the passes that ask for it (a client's resolved options, say).
// Keys are values of unexported types of the asking package.
func (r *Result) Memo(key any, compute func() any) any {
	r.mu.Lock()
	e := r.memo[key]
	if e == nil {
		e = new(memoEntry)
		r.memo[key] = e
	}
	r.mu.Unlock()
	e.once.Do(func() { e.v = compute() })
	return e.v
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{imports: make(map[clients.Client][]*types.Package), memo: make(map[any]*memoEntry)}
	res.newGraph = func() *valueflow.Graph {
		return valueflow.New(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo, len(pass.TypeErrors) > 0, library{})
	}
	if pass.Pkg == nil || clients.Package(pass.Pkg.Path()) != clients.None {
		return res, nil // a client's own package: nothing to check
	}
	res.imports = clients.Imports(pass.Pkg)
	return res, nil
}

// library is what internal/valueflow must know of the pure-Go clients: none
// registers a function through a method that the client later calls with the
// method's receiver (franz-go's partition callbacks are options, followed by
// internal/kgoflow), and franz-go's and kafka-go's functions store nothing
// through their pointer arguments (read at v1.22.3 and v0.4.51: the pointers
// they take are receivers and configurations they read).
type library struct{}

func (library) Callback(*types.Func) (int, bool) { return 0, false }

func (library) Owns(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	switch clients.Package(pkg.Path()) {
	case clients.FranzGo, clients.KafkaGo:
		return true
	}
	return false
}
