// Command noop is the benchmark's floor: a multichecker, like kafkalint, whose
// analyzers do nothing. Two floors, chosen by name on the command line like any
// multichecker analyzer:
//
//   - noop declares no fact type. Drivers then load dependencies from export data
//     (standalone) or skip them (go vet): the least any analyzer can cost.
//   - noopfacts declares a fact type, as kafkalint's kafkaconfig and revokecommit
//     do. Drivers then parse and type-check every dependency from source
//     (standalone) or run the tool on every dependency (go vet): the same loading
//     work kafkalint causes, so the ratio to it is the cost of kafkalint's own
//     analysis.
//
// Run one at a time: noop -noop ./... or noop -noopfacts ./...; with both enabled
// (the default) the facts floor applies.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing (benchmark floor without facts)",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

// fact is never exported; declaring it is what changes the drivers' loading.
type fact struct{}

func (*fact) AFact() {}

var noopfacts = &analysis.Analyzer{
	Name:      "noopfacts",
	Doc:       "does nothing but declares a fact type (benchmark floor with facts)",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(fact)},
}

func main() { multichecker.Main(noop, noopfacts) }
