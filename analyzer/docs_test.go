package analyzer_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/docgen"
)

// TestGeneratedDocs: docs/analyzers.md, and README's table of analyzers and
// nogo target, are what go generate ./analyzer renders from the analyzers' doc.go files now, so
// the documentation has one source and cannot drift from it; every analyzer of
// the suite, added later too, has its section.
func TestGeneratedDocs(t *testing.T) {
	suite := analyzer.Analyzers()
	page, err := docgen.Page(suite)
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := os.ReadFile(filepath.Join("..", "docs", "analyzers.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onDisk, page) {
		t.Errorf("docs/analyzers.md is not what the analyzers' doc.go files give: run go generate ./analyzer")
	}
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := docgen.README(readme, suite)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readme, want) {
		t.Errorf("README.md's table of analyzers or nogo target is not what the suite gives: run go generate ./analyzer")
	}
	for _, a := range suite {
		if !bytes.Contains(page, []byte("\n## "+a.Name+"\n")) || !strings.Contains(string(readme), "["+a.Name+"](docs/analyzers.md#"+a.Name+")") ||
			!strings.Contains(string(readme), "//passes/"+a.Name+"\"") {
			t.Errorf("%s: no section in docs/analyzers.md, or no row in README's table or nogo target", a.Name)
		}
	}
}
