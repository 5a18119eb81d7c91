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
// that have fixes (fix.go). -diff without -fix changes nothing, in multichecker
// as here.
func runStandalone(cl *commandLine) int {
	env, err := readGoEnv()
	if err != nil {
		handOver(cl, cl.patterns, cl.all)
	}
	warnWithoutCgo(env)
	l, err := listReaching(env, cl.patterns, cl.tests)
	if err != nil {
		handOver(cl, cl.patterns, cl.all)
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
		return runFix(env, l, cl)
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
