// Package clientgraph is what the passes of franz-go and kafka-go ask first,
// as confluent-kafka-go's ask kafkaconfig and sarama's saramaconfig: whether
// the package reaches a client (their analysisutil.ClientUse, after which
// their //kafkalint: directives are checked), which client packages it
// imports, and its value-flow graph. It computes nothing of its own: the
// import walk and the graph are internal/pkgindex's, shared by the passes of
// every client.
//
// A package that reaches no client costs the lookup and nothing more: its
// passes return before asking for anything else, since linters run on every
// package of large trees, in editors on every keystroke.
package clientgraph

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer computes a package's Result. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:             "kafkaclientgraph",
	Doc:              "whether a package reaches a Kafka client, for the franz-go and kafka-go passes (reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/clientgraph",
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{pkgindex.Analyzer},
	ResultType:       reflect.TypeFor[*Result](),
	Run:              run,
}

// Result is what the passes of one package share. It is safe for concurrent use.
type Result struct {
	index *pkgindex.Result
	own   bool // the package is a client's: nothing to check
}

// UsesClient reports whether the package reaches one of the supported
// clients (analysisutil.ClientUse: the passes' //kafkalint: directives are
// checked there).
func (r *Result) UsesClient() bool { return !r.own && r.index.Reaches() }

// Imports returns the packages of client c that the package imports, directly
// or transitively; none when it cannot use c.
func (r *Result) Imports(c clients.Client) []*types.Package {
	if r.own {
		return nil
	}
	return r.index.Imports(c)
}

// Graph returns the package's value-flow graph (pkgindex's); nothing is built
// until a trace is asked for. Ask only after Imports has shown that the
// package uses a client.
func (r *Result) Graph() *valueflow.Graph { return r.index.Graph() }

func run(pass *analysis.Pass) (any, error) {
	return &Result{
		index: pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result),
		own:   clients.Package(pass.Pkg.Path()) != clients.None,
	}, nil
}
