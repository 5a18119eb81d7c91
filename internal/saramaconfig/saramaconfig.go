// Package saramaconfig is what the sarama passes ask first, as internal/kafkaconfig
// is what confluent-kafka-go's ask: whether a package uses sarama at all (the
// early return of every sarama pass, their analysisutil.ClientUse), and the
// package's value-flow graph. The import walk and the graph are
// internal/pkgindex's, shared by the passes of every client.
//
// It reports nothing. A package that imports no sarama package, directly or
// transitively, gets an empty Result: no graph, no syntax walked.
package saramaconfig

import (
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// Analyzer computes the Result of a package for the sarama passes.
var Analyzer = &analysis.Analyzer{
	Name:             "saramaconfig",
	Doc:              "shared analysis of sarama consumers for the sarama passes (reports nothing)",
	URL:              "https://pkg.go.dev/github.com/kafkalint/kafkalint/internal/saramaconfig",
	Run:              run,
	Requires:         []*analysis.Analyzer{pkgindex.Analyzer},
	RunDespiteErrors: true, // it reads ill-typed code defensively (fuzzed)
	ResultType:       reflect.TypeOf((*Result)(nil)),
}

// Result is what the sarama passes share about a package.
type Result struct {
	// Sarama holds the sarama packages the package imports, directly or
	// transitively; empty when it cannot use sarama.
	Sarama []*types.Package

	index *pkgindex.Result
}

// Graph returns the package's value-flow graph (pkgindex's), nil when the
// package does not use sarama. Nothing is built before a trace asks for it.
func (r *Result) Graph() *valueflow.Graph {
	if r == nil || len(r.Sarama) == 0 || r.index == nil {
		return nil
	}
	return r.index.Graph()
}

func run(pass *analysis.Pass) (any, error) {
	index := pass.ResultOf[pkgindex.Analyzer].(*pkgindex.Result)
	return &Result{Sarama: index.Imports(clients.Sarama), index: index}, nil
}

var _ analysisutil.ClientUse = (*Result)(nil)

// UsesClient reports whether the package imports sarama, directly or not: the
// decision every sarama pass's early return makes, and after which
// analysisutil.Setup checks the package's directives.
func (r *Result) UsesClient() bool { return r != nil && len(r.Sarama) > 0 }
