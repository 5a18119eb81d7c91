// Package analyzer is the kafkalint suite: the ordered list of its analyzers, for
// drivers (the kafkalint command, go vet -vettool, golangci-lint, gopls builds).
// The order is also that of docs/analyzers.md and README's table, which
// go generate writes from the analyzers' doc.go files.
package analyzer

//go:generate go run gen.go

import (
	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/passes/asyncmark"
	"github.com/kafkalint/kafkalint/passes/claimloop"
	"github.com/kafkalint/kafkalint/passes/configkey"
	"github.com/kafkalint/kafkalint/passes/consumeloop"
	"github.com/kafkalint/kafkalint/passes/directive"
	"github.com/kafkalint/kafkalint/passes/incrementalassign"
	"github.com/kafkalint/kafkalint/passes/kafkagocommit"
	"github.com/kafkalint/kafkalint/passes/kafkagoreader"
	"github.com/kafkalint/kafkalint/passes/kgocommit"
	"github.com/kafkalint/kafkalint/passes/kgorebalance"
	"github.com/kafkalint/kafkalint/passes/markoffset"
	"github.com/kafkalint/kafkalint/passes/neverstored"
	"github.com/kafkalint/kafkalint/passes/nocommit"
	"github.com/kafkalint/kafkalint/passes/pollrebalance"
	"github.com/kafkalint/kafkalint/passes/readtimeout"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
	"github.com/kafkalint/kafkalint/passes/storeoffset"
)

// Analyzers returns the suite's analyzers, in the order their reports are
// documented: confluent-kafka-go's, then sarama's, franz-go's and
// kafka-go's, and last directive, which requires all of them and reports the
// //kafkalint: directives that suppress nothing. The helper analyzers they
// require (pkgindex, kafkaconfig, saramaconfig, clientgraph and the others
// under internal/) are not listed: they report nothing, and
// drivers run them as requirements.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		revokecommit.Analyzer,
		storeoffset.Analyzer,
		configkey.Analyzer,
		pollrebalance.Analyzer,
		incrementalassign.Analyzer,
		readtimeout.Analyzer,
		neverstored.Analyzer,
		claimloop.Analyzer,
		markoffset.Analyzer,
		consumeloop.Analyzer,
		nocommit.Analyzer,
		asyncmark.Analyzer,
		kgorebalance.Analyzer,
		kgocommit.Analyzer,
		kafkagoreader.Analyzer,
		kafkagocommit.Analyzer,
		directive.Analyzer,
	}
}

// NewAnalyzers returns new instances of the suite's analyzers, in the order of Analyzers,
// with their own flags: an embedder (the golangci-lint plugin) sets options on
// them without changing the shared analyzers that other drivers in the same
// process use.
func NewAnalyzers() []*analysis.Analyzer {
	passes := []*analysis.Analyzer{
		revokecommit.NewAnalyzer(),
		storeoffset.NewAnalyzer(),
		configkey.NewAnalyzer(),
		pollrebalance.NewAnalyzer(),
		incrementalassign.NewAnalyzer(),
		readtimeout.NewAnalyzer(),
		neverstored.NewAnalyzer(),
		claimloop.NewAnalyzer(),
		markoffset.NewAnalyzer(),
		consumeloop.NewAnalyzer(),
		nocommit.NewAnalyzer(),
		asyncmark.NewAnalyzer(),
		kgorebalance.NewAnalyzer(),
		kgocommit.NewAnalyzer(),
		kafkagoreader.NewAnalyzer(),
		kafkagocommit.NewAnalyzer(),
	}
	return append(passes, directive.NewAnalyzer(passes...))
}
