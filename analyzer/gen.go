//go:build ignore

// gen.go writes docs/analyzers.md, and the generated blocks of the other pages
// (README's table of analyzers, docs/nogo.md's nogo target), from the suite and
// the analyzers' package documentation (internal/docgen). Run it with
// go generate ./analyzer after changing an analyzer's doc.go or the suite.
package main

import (
	"log"
	"maps"
	"os"
	"path/filepath"
	"slices"

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
	for _, path := range slices.Sorted(maps.Keys(docgen.Blocks)) {
		file := filepath.Join("..", filepath.FromSlash(path))
		content, err := os.ReadFile(file)
		if err != nil {
			log.Fatal(err)
		}
		content, err = docgen.Render(path, content, analyzer.Analyzers())
		if err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(file, content, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
