// Command kafkalint runs the kafkalint analyzers: on packages given as arguments
// (kafkalint ./...), or as a vet tool (go vet -vettool=$(which kafkalint) ./...).
//
// The command line is multichecker's: text, -json, -fix, -diff, -NAME and
// -NAME.flag, "kafkalint help NAME" for an analyzer's documentation, and the
// unitchecker protocol that go vet and go fix speak. -sarif[=FILE] writes a SARIF
// 2.1.0 log instead of text (see sarif.go). On packages given as arguments, the
// command loads and analyses only the packages that can reach confluent-kafka-go
// (load.go, standalone.go); KAFKALINT_LOAD=full makes it load everything, as
// multichecker does.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/analysisutil"
)

func main() {
	if loadsPackages(os.Args[1:]) {
		warnWithoutCgo()
	}
	if out, args, ok := sarifArgs(os.Args[1:]); ok {
		os.Exit(runSARIF(out, args, analyzer.Analyzers()))
	}
	analyzers := analyzer.Analyzers()
	if len(os.Args) > 2 && os.Args[1] == "help" {
		analyzers = withHelp(analyzers)
	}
	if loadsPackages(os.Args[1:]) && !fullLoad() {
		os.Exit(runStandalone(os.Args[1:], analyzers))
	}
	multichecker.Main(analyzers...)
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

// loadsPackages reports whether the command line asks kafkalint to load packages
// itself, rather than to serve go vet (a .cfg file, -flags, -V) or print help.
func loadsPackages(args []string) bool {
	for _, a := range args {
		switch {
		case a == "help", strings.HasSuffix(a, ".cfg"), strings.HasPrefix(a, "-V"), a == "-flags":
			return false
		}
	}
	return len(args) > 0
}

// warnWithoutCgo prints one line when cgo is off in a module that requires
// confluent-kafka-go: the library is a cgo package, so without cgo the code that
// uses it does not type-check and the analyzers skip it, which would otherwise
// look like a clean result behind a wall of "undefined: kafka.Consumer" errors.
func warnWithoutCgo() {
	out, err := exec.Command("go", "env", "CGO_ENABLED", "GOMOD").Output()
	if err != nil {
		return // the driver reports what is wrong with the go command
	}
	cgo, gomod, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if strings.TrimSpace(cgo) != "0" || gomod == "" || gomod == os.DevNull {
		return
	}
	if mod, err := os.ReadFile(gomod); err != nil || !strings.Contains(string(mod), "confluentinc/confluent-kafka-go") {
		return
	}
	fmt.Fprintln(os.Stderr, "kafkalint: cgo is off (go env CGO_ENABLED=0), so code using confluent-kafka-go does not type-check and is not analyzed: install a C compiler (gcc) and set CGO_ENABLED=1")
}
