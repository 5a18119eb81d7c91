package main

// The standalone command's text and -json modes on the pruned loading (load.go).
// The output is multichecker's: go/analysis/checker prints it, with the same
// functions multichecker calls.

import (
	"flag"
	"fmt"
	"io"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/packages"
)

// standaloneFlags are the command-line flags the pruned path understands; any
// other (-debug, -cpuprofile, -flags, -V, ...) leaves the command to multichecker.
type standaloneFlags struct {
	fs         *flag.FlagSet
	enable     map[*analysis.Analyzer]*bool
	json       bool
	context    int
	tests      bool
	fix, diff  bool
	flagArgs   []string // the arguments before the patterns
	patterns   []string
	analyzers  []*analysis.Analyzer // the selected ones
	parseError bool
}

func parseStandalone(args []string, analyzers []*analysis.Analyzer) *standaloneFlags {
	f := &standaloneFlags{fs: flag.NewFlagSet("kafkalint", flag.ContinueOnError), enable: make(map[*analysis.Analyzer]*bool)}
	f.fs.SetOutput(io.Discard)
	for _, a := range analyzers {
		f.enable[a] = f.fs.Bool(a.Name, false, "")
		a.Flags.VisitAll(func(fl *flag.Flag) { f.fs.Var(fl.Value, a.Name+"."+fl.Name, fl.Usage) })
	}
	f.fs.BoolVar(&f.json, "json", false, "")
	f.fs.IntVar(&f.context, "c", -1, "")
	f.fs.BoolVar(&f.tests, "test", true, "")
	f.fs.BoolVar(&f.fix, "fix", false, "")
	f.fs.BoolVar(&f.diff, "diff", false, "")
	if err := f.fs.Parse(args); err != nil || f.fs.NArg() == 0 {
		f.parseError = true
		return f
	}
	f.patterns = f.fs.Args()
	f.flagArgs = args[:len(args)-len(f.patterns)]
	f.analyzers = selected(analyzers, f.fs, f.enable)
	return f
}

// runStandalone runs the suite on the packages args name and returns the exit
// code, as multichecker does but loading only what reaches the library. It hands
// over to multichecker (which exits) for flags it does not handle, for errors of
// the go command, and for -fix and -diff on packages that reach the library.
func runStandalone(args []string, analyzers []*analysis.Analyzer) int {
	f := parseStandalone(args, analyzers)
	if f.parseError {
		multichecker.Main(analyzers...)
	}
	l, err := listReaching(f.patterns, f.tests)
	if err != nil {
		multichecker.Main(analyzers...) // reports the go command's error its own way
	}
	if len(l.reaching) == 0 {
		// No requested package can use the library: nothing to report (with
		// -json, the empty tree, as multichecker prints it).
		if f.json && !f.fix {
			if err := new(checker.Graph).PrintJSON(os.Stdout); err != nil {
				return 1
			}
		}
		return 0
	}
	if f.fix || f.diff {
		// Applying fixes is multichecker's (it shares the code with go fix):
		// restrict it to the packages that reach the library.
		os.Args = append(append([]string{os.Args[0]}, f.flagArgs...), l.patterns...)
		multichecker.Main(analyzers...)
	}
	res, err := loadReaching(l, f.tests)
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
		return 1
	}
	for _, line := range res.broken {
		fmt.Fprintln(os.Stderr, line)
	}
	graph, err := checker.Analyze(f.analyzers, res.roots, nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
		return 1
	}
	if f.json {
		if err := graph.PrintJSON(os.Stdout); err != nil {
			return 1
		}
		return 0
	}
	if err := graph.PrintText(os.Stderr, f.context); err != nil {
		return 1
	}
	var numErrors, rootDiags int
	for act := range graph.All() {
		if act.Err != nil {
			numErrors++
		} else if act.IsRoot {
			rootDiags += len(act.Diagnostics)
		}
	}
	switch {
	case numErrors > 0:
		return 1
	case rootDiags > 0:
		return 3
	}
	return 0
}

// loadPruned is the loading of the -sarif mode: the requested packages that reach
// the library, ready for checker.Analyze, and the lines for broken packages.
func loadPruned(patterns []string, tests bool) ([]*packages.Package, []string, error) {
	l, err := listReaching(patterns, tests)
	if err != nil || len(l.reaching) == 0 {
		return nil, nil, err
	}
	res, err := loadReaching(l, tests)
	if err != nil {
		return nil, nil, err
	}
	return res.roots, res.broken, nil
}
