//go:build ignore

// gen.go writes docs/analyzers.md, and README's table of analyzers and nogo
// target, from the suite and the analyzers' package documentation
// (internal/docgen). Run it with
// go generate ./analyzer after changing an analyzer's doc.go or the suite.
package main

import (
	"log"
	"os"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/docgen"
)

func main() {
	page, err := docgen.Page(analyzer.Analyzers())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("../docs/analyzers.md", page, 0o644); err != nil {
		log.Fatal(err)
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		log.Fatal(err)
	}
	readme, err = docgen.README(readme, analyzer.Analyzers())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("../README.md", readme, 0o644); err != nil {
		log.Fatal(err)
	}
}
