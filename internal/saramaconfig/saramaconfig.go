// Package saramaconfig is the shared analysis of the sarama passes, as
// internal/kafkaconfig is confluent-kafka-go's: whether a package uses sarama
// at all (the early return of every sarama pass), and the package's value-flow
// graph (internal/valueflow), built on first use, once for all the passes.
//
// It reports nothing. A package that imports no sarama package, directly or
// transitively, gets an empty Result after one walk of its imports: no graph,
// no syntax walked.
package saramaconfig

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer computes the Result of a package for the sarama passes.
var Analyzer = &analysis.Analyzer{
	Name:             "saramaconfig",
	Doc:              "shared analysis of sarama consumers for the sarama passes (reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/saramaconfig",
	Run:              run,
	RunDespiteErrors: true, // it reads ill-typed code defensively (fuzzed)
	ResultType:       reflect.TypeOf((*Result)(nil)),
}

// Result is what the sarama passes share about a package.
type Result struct {
	// Sarama holds the sarama packages the package imports, directly or
	// transitively; empty when it cannot use sarama.
	Sarama []*types.Package

	once     sync.Once
	graph    *valueflow.Graph
	newGraph func() *valueflow.Graph
}

// Graph returns the package's value-flow graph, nil when the package does not
// use sarama. Nothing is built before a trace asks for it.
func (r *Result) Graph() *valueflow.Graph {
	if r == nil || len(r.Sarama) == 0 || r.newGraph == nil {
		return nil
	}
	r.once.Do(func() { r.graph = r.newGraph() })
	return r.graph
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{Sarama: saramaapi.Imports(pass.Pkg)}
	if len(res.Sarama) == 0 {
		return res, nil
	}
	fset, pkg, files, info, broken := pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo, len(pass.TypeErrors) > 0
	res.newGraph = func() *valueflow.Graph { return valueflow.New(fset, pkg, files, info, broken, saramaapi.ValueFlow{}) }
	return res, nil
}

var _ analysisutil.ClientUse = (*Result)(nil)

// UsesClient reports whether the package imports sarama, directly or not: the
// decision every sarama pass's early return makes, and after which
// analysisutil.Setup checks the package's directives.
func (r *Result) UsesClient() bool { return r != nil && len(r.Sarama) > 0 }
