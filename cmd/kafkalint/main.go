// Command kafkalint runs the kafkalint analyzers: on packages given as arguments
// (kafkalint ./...), or as a vet tool (go vet -vettool=$(which kafkalint) ./...).
//
// One parser reads the command line (commandLine, flags.go): text (print.go),
// -json, -sarif (sarif.go), -fix and -diff, -NAME and -NAME.flag, -c, -test, the
// build flags go list gets, -version and the profiling flags. On packages given
// as arguments the command loads and analyses only the packages that can reach a
// supported Kafka client (load.go, standalone.go); KAFKALINT_LOAD=full makes it
// load everything, as multichecker does; either way a run that could not check
// what it was asked to exits 1 (gate.go). multichecker serves what kafkalint
// does not implement itself: the unitchecker protocol that go vet and go fix
// speak (but -V=full, version.go), "kafkalint help NAME", applying fixes (-fix,
// -diff) and the driver's -debug flag.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

// The exit codes of the command, the same in text and SARIF mode (and those
// multichecker uses when it serves the command).
const (
	exitClean   = 0 // nothing reported (also: -json, -fix, -diff, help)
	exitFailed  = 1 // the run is incomplete (gate.go), or an analyzer failed
	exitUsage   = 2 // bad command line
	exitReports = 3 // reports printed
)

// exitCode is the exit code of a run that analysed packages: failed says whether
// the run is incomplete or an analyzer failed (which beats reports), reports how
// many reports were printed.
func exitCode(failed bool, reports int) int {
	switch {
	case failed:
		return exitFailed
	case reports > 0:
		return exitReports
	}
	return exitClean
}

func main() {
	analyzers := analyzer.Analyzers()
	args := os.Args[1:]
	switch {
	case len(args) == 1 && (args[0] == "-V=full" || args[0] == "-V"):
		// go vet's question for its cache (version.go)
		if err := printVFull(os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: -V=full: %v\n", err)
			os.Exit(exitFailed)
		}
		os.Exit(exitClean)
	case servesGoCommand(args):
		multichecker.Main(analyzers...) // exits
	case len(args) > 1 && args[0] == "help":
		if err := checkHelpNames(args[1:], analyzers); err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
			os.Exit(exitUsage)
		}
		multichecker.Main(withHelp(analyzers)...) // kafkalint help NAME...; exits
	}
	os.Exit(run(args, analyzers))
}

// run runs the command on args (os.Args[1:]) and returns its exit code.
func run(args []string, analyzers []*analysis.Analyzer) int {
	if len(args) == 1 && args[0] == "help" {
		printUsage(os.Stdout, analyzers)
		return exitClean
	}
	cl, err := parseCommandLine(args, analyzers)
	switch {
	case errors.Is(err, flag.ErrHelp):
		printUsage(os.Stdout, analyzers)
		return exitClean
	case err != nil:
		fmt.Fprintf(os.Stderr, "kafkalint: %v\nRun 'kafkalint -h' for usage.\n", err)
		return exitUsage
	case cl.version:
		fmt.Println(versionLine())
		return exitClean
	}
	if cl.chdir != "" {
		if err := os.Chdir(cl.chdir); err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: -C: %v\n", err)
			return exitUsage
		}
	}
	if cl.debug != "" || fullLoad() && cl.fix {
		// The general driver's debugging flags, or -fix with
		// KAFKALINT_LOAD=full: the general driver loads everything (it parses
		// the same command line).
		handOver(cl, cl.patterns, analyzers) // exits
	}
	tuneGC()
	stop, err := cl.startProfiling()
	if err != nil {
		fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
		return exitFailed
	}
	defer stop()
	if cl.sarifSet {
		return runSARIF(cl)
	}
	return runStandalone(cl)
}

// servesGoCommand reports whether the command line is the unitchecker protocol of
// go vet -vettool and go fix -fixtool: a .cfg file, -V (the tool's version) or
// -flags (its flags, as JSON).
func servesGoCommand(args []string) bool {
	for _, a := range args {
		if strings.HasSuffix(a, ".cfg") || strings.HasPrefix(a, "-V") || a == "-flags" {
			return true
		}
	}
	return false
}

// checkHelpNames returns an error naming the valid analyzers if a name of
// "kafkalint help NAME..." is none of them (multichecker would say only that it
// is "not registered", and exit 1).
func checkHelpNames(names []string, analyzers []*analysis.Analyzer) error {
	valid := make([]string, len(analyzers))
	for i, a := range analyzers {
		valid[i] = a.Name
	}
	for _, name := range names {
		if !slices.Contains(valid, name) {
			return fmt.Errorf("no analyzer is named %q; the analyzers are: %s", name, strings.Join(valid, ", "))
		}
	}
	return nil
}

// withHelp returns copies of the analyzers whose Doc is their whole
// documentation, for "kafkalint help NAME": Analyzer.Doc is kept short for go vet
// help and editors, and multichecker prints Doc.
func withHelp(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		c := *a
		if full, ok := analysisutil.Help(a.Name); ok {
			c.Doc = full
		}
		out[i] = &c
	}
	return out
}

// handOver runs multichecker (and exits) with the analyzers on the command
// line's flags and the given patterns. multichecker reads its command line from
// os.Args only, hence the one assignment to it here: the command uses it to apply
// fixes (-fix, fix.go), which the go/analysis drivers keep in an internal
// package, and for what it reports its own way (errors of the go command).
func handOver(cl *commandLine, patterns []string, analyzers []*analysis.Analyzer) {
	os.Args = append(append([]string{os.Args[0]}, withoutBuildFlags(cl.flagArgs)...), patterns...)
	if len(cl.build) > 0 {
		// go/packages runs go list with GOFLAGS from the environment.
		flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " " + strings.Join(cl.build, " "))
		if err := os.Setenv("GOFLAGS", flags); err != nil {
			fmt.Fprintf(os.Stderr, "kafkalint: %v\n", err)
			os.Exit(exitFailed)
		}
	}
	multichecker.Main(analyzers...)
}
