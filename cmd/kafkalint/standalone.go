package main

// The standalone command's text and -json modes. The text output is the
// command's own (print.go); -json is go/analysis/checker's, as multichecker
// prints it.

import (
	"fmt"
	"os"

	"github.com/kafkalint/kafkalint/internal/clients"
)

// runStandalone runs the selected analyzers on the packages of the command line
// and returns the exit code: in text mode the reports on standard error, then
// the gate's lines (gate.go); with -json the go/analysis JSON tree on standard
// output. It hands over to multichecker (which exits) for -fix on the packages
// that have fixes (fix.go).
func runStandalone(cl *commandLine) int {
	if cl.fix && !fullLoad() {
		return runFixStandalone(cl)
	}
	// -json lists the packages separately: there a package's test variant does
	// not stand for it (testvariant.go).
	o := analyse(cl, !cl.json)
	printLines(o.broken)
	reports, failed := results(o.graph)
	if cl.json {
		// go/analysis' -json convention, multichecker's: the tree on standard
		// output, exit 0 but for a run that could not load what it was asked to.
		err := o.graph.PrintJSON(os.Stdout)
		printLines(o.causes)
		return exitCode(err != nil || len(o.causes) > 0, 0)
	}
	err := printText(os.Stderr, o.graph, cl.context)
	printLines(o.causes)
	return exitCode(failed || err != nil || len(o.causes) > 0, reports)
}

// runFixStandalone is -fix (and -fix -diff) on the pruned loading: the failures
// of the gate first, as in text mode, then fix.go's runFix.
func runFixStandalone(cl *commandLine) int {
	env, err := readGoEnv()
	if err != nil {
		handOver(cl, cl.patterns, cl.all)
	}
	env.flags = cl.build
	warnWithoutCgo(env)
	l, err := listReaching(env, cl.patterns, cl.tests, false)
	if err != nil {
		printLines([]string{listCause(err, cl.patterns)})
		return exitFailed
	}
	if len(l.unmatched) > 0 {
		for _, p := range l.unmatched {
			printLines([]string{unmatchedCause(p)})
		}
		return exitFailed
	}
	if len(l.reaching) == 0 {
		return exitClean
	}
	return runFix(env, l, cl)
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
