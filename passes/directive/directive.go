package directive

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/passes/asyncmark"
	"github.com/kafkalint/kafkalint/passes/claimloop"
	"github.com/kafkalint/kafkalint/passes/configkey"
	"github.com/kafkalint/kafkalint/passes/consumeloop"
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

//go:embed doc.go
var doc string

// Analyzer reports the directives of the suite's shared analyzers (each
// pass's Analyzer). See the package documentation.
var Analyzer = NewAnalyzer(
	revokecommit.Analyzer, storeoffset.Analyzer, configkey.Analyzer, pollrebalance.Analyzer,
	incrementalassign.Analyzer, readtimeout.Analyzer, neverstored.Analyzer, claimloop.Analyzer,
	markoffset.Analyzer, consumeloop.Analyzer, nocommit.Analyzer, asyncmark.Analyzer,
	kgorebalance.Analyzer, kgocommit.Analyzer, kafkagoreader.Analyzer, kafkagocommit.Analyzer)

// NewAnalyzer returns a new directive analyzer that judges the directives by
// the results of passes, every one made by analysisutil.Setup: the names of
// passes are the names a directive may use. It has the flag UnusedFlag.
func NewAnalyzer(passes ...*analysis.Analyzer) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:             "directive",
		Doc:              analysisutil.MustExtractDoc(doc, "directive"),
		URL:              analysisutil.URLPrefix + "directive",
		RunDespiteErrors: true,
		Requires:         passes,
	}
	var unused bool
	a.Flags.BoolVar(&unused, analysisutil.UnusedFlag, false, "report //kafkalint:ignore directives that suppress no report of an analyzer they name")
	a.Run = func(pass *analysis.Pass) (any, error) {
		// pass.Analyzer's requirements, not passes: a driver may run a copy
		// of the analyzer whose requirements are copies too.
		var results []*analysisutil.Suppressed
		for _, req := range pass.Analyzer.Requires {
			if r, ok := pass.ResultOf[req].(*analysisutil.Suppressed); ok {
				results = append(results, r)
			}
		}
		for _, d := range analysisutil.DirectiveProblems(pass, results, unused) {
			pass.Report(d)
		}
		return nil, nil
	}
	return a
}
