// Command kafkalint runs the kafkalint analyzers: on packages given as arguments
// (kafkalint ./...), or as a vet tool (go vet -vettool=$(which kafkalint) ./...).
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/kafkalint/kafkalint/analyzer"
)

func main() {
	multichecker.Main(analyzer.Analyzers()...)
}
