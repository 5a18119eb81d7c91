// Command kafkalint runs the kafkalint analyzers: on packages given as arguments
// (kafkalint ./...), or as a vet tool (go vet -vettool=$(which kafkalint) ./...).
//
// Everything but -sarif is multichecker's: text, -json, -fix, -diff, -NAME and
// -NAME.flag, "kafkalint help NAME" for an analyzer's documentation, and the
// unitchecker protocol that go vet and go fix speak. -sarif[=FILE] writes a SARIF
// 2.1.0 log instead of text (see sarif.go).
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/kafkalint/kafkalint/analyzer"
)

func main() {
	if out, args, ok := sarifArgs(os.Args[1:]); ok {
		os.Exit(runSARIF(out, args, analyzer.Analyzers()))
	}
	multichecker.Main(analyzer.Analyzers()...)
}
