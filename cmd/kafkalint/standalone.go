package main

// The standalone command's text and -json modes on the pruned loading (load.go).
// The output is multichecker's: go/analysis/checker prints it, with the same
// functions multichecker calls.

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/kafkalint/kafkalint/internal/clients"
)

// runStandalone runs the selected analyzers on the packages of the command line
// and returns the exit code, as multichecker does but loading only what reaches a
// client. It hands over to multichecker (which exits) for errors of the go
// command, which multichecker reports its own way, and for -fix on the packages
// that have fixes (packagesToFix). -diff without -fix changes nothing, in
// multichecker as here.
func runStandalone(cl *commandLine) int {
	env, err := readGoEnv()
	if err != nil {
		handOver(cl, cl.patterns)
	}
	warnWithoutCgo(env)
	l, err := listReaching(env, cl.patterns, cl.tests)
	if err != nil {
		handOver(cl, cl.patterns)
	}
	if len(l.reaching) == 0 {
		// No requested package can use a client: nothing to report (with
		// -json, the empty tree, as multichecker prints it).
		if cl.json && !cl.fix {
			if err := new(checker.Graph).PrintJSON(os.Stdout); err != nil {
				return exitFailed
			}
		}
		return exitClean
	}
	if cl.fix {
		if patterns := packagesToFix(env, l, cl); len(patterns) > 0 {
			handOver(cl, patterns)
		}
		return exitClean // nothing to fix
	}
	// -json lists the packages separately: there a package's test variant does
	// not stand for it (testvariant.go).
	res, err := loadReaching(env, l, cl.analyzers, cl.tests, !cl.json)
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
		return exitFailed
	}
	for _, line := range res.broken {
		fmt.Fprintln(os.Stderr, line)
	}
	graph := res.graph
	if cl.json {
		if err := graph.PrintJSON(os.Stdout); err != nil {
			return exitFailed
		}
		return exitClean
	}
	if len(res.covered) > 0 {
		graph = coveredGraph(cl.analyzers, graph, res.order, res.covered)
	}
	if err := graph.PrintText(os.Stderr, cl.context); err != nil {
		return exitFailed
	}
	failed, reports := false, 0
	for act := range graph.All() {
		if act.Err != nil {
			failed = true
		} else if act.IsRoot {
			reports += len(act.Diagnostics)
		}
	}
	return exitCode(failed, reports)
}

// packagesToFix analyses the requested packages that reach a client, as the
// text mode does, and returns the patterns multichecker is to load to apply
// their fixes: none when no report has a fix (the common case: nothing to do),
// the packages that have one otherwise, or all the reaching packages when the
// analysis cannot tell (a package that does not type-check or an analyzer that
// failed: multichecker reports those its own way). multichecker applies fixes
// (the go/analysis drivers keep that in an internal package) but loads every
// dependency of what it is given from source, for the facts: on goka it took 4.1
// s and 649 MiB where the analysis alone takes 0.8 s and 70 MiB (bench/RESULTS.md).
// The fixes are the same either way: a file belongs to one package and its test
// variants, which come in the same pattern, and fixes only conflict within a
// file.
func packagesToFix(env *goEnv, l *listing, cl *commandLine) []string {
	res, err := loadReaching(env, l, cl.analyzers, cl.tests, false)
	if err != nil || len(res.broken) > 0 {
		return l.patterns
	}
	return withFixes(res.graph, l.patterns)
}

// withFixes returns the patterns among all (import paths, in order) of the
// packages whose root actions in graph report a suggested fix; all itself when
// an action failed or the packages are named by their files.
func withFixes(graph *checker.Graph, all []string) []string {
	fixed := make(map[string]bool)
	for act := range graph.All() {
		if act.Err != nil {
			return all
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			if act.Package.PkgPath == "command-line-arguments" {
				return all
			}
			fixed[basePath(act.Package)] = true
		}
	}
	var patterns []string
	for _, p := range all {
		if fixed[p] {
			patterns = append(patterns, p)
		}
	}
	return patterns
}

// analyzePruned is the loading and analysis of the -sarif mode: the analysis of
// the requested packages that reach a client, and the lines for broken packages.
func analyzePruned(analyzers []*analysis.Analyzer, patterns []string, tests bool) (*checker.Graph, []string, error) {
	env, err := readGoEnv()
	if err != nil {
		return nil, nil, err
	}
	warnWithoutCgo(env)
	l, err := listReaching(env, patterns, tests)
	if err != nil || len(l.reaching) == 0 {
		return new(checker.Graph), nil, err
	}
	res, err := loadReaching(env, l, analyzers, tests, false) // SARIF, like -json, analyses both variants
	if err != nil {
		return nil, nil, err
	}
	return res.graph, res.broken, nil
}

// warnWithoutCgo prints one line when cgo is off in a module that requires
// confluent-kafka-go: the library is a cgo package, so without cgo the code that
// uses it does not type-check and the analyzers skip it, which would otherwise
// look like a clean result behind a wall of "undefined: kafka.Consumer" errors.
func warnWithoutCgo(env *goEnv) {
	if env.CGO_ENABLED != "0" || env.mod == nil || !env.requires(clients.ConfluentKafkaGo) {
		return
	}
	fmt.Fprintln(os.Stderr, "kafkalint: cgo is off (go env CGO_ENABLED=0), so code using confluent-kafka-go does not type-check and is not analyzed: install a C compiler (gcc) and set CGO_ENABLED=1")
}
