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

// TestGeneratedDocs: docs/analyzers.md, and the generated blocks of the other
// pages (README's table of analyzers, docs/nogo.md's nogo target), are what go
// generate ./analyzer renders from the analyzers' doc.go files now, so the
// documentation has one source and cannot drift from it; every analyzer of the
// suite, added later too, has its section.
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
	pages := map[string]string{}
	for path := range docgen.Blocks {
		content, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		want, err := docgen.Render(path, content, suite)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(content, want) {
			t.Errorf("%s: its generated blocks are not what the suite gives: run go generate ./analyzer", path)
		}
		pages[path] = string(content)
	}
	inSuite := map[string]bool{}
	for _, a := range suite {
		inSuite[a.Name] = true
	}
	for name := range docgen.Clients {
		if !inSuite[name] {
			t.Errorf("docgen.Clients names %s, which is no analyzer of the suite", name)
		}
	}
	for _, a := range suite {
		if !bytes.Contains(page, []byte("\n## "+a.Name+"\n")) {
			t.Errorf("%s: no section in docs/analyzers.md", a.Name)
		}
		if !strings.Contains(pages["README.md"], "["+a.Name+"](docs/analyzers.md#"+a.Name+")") {
			t.Errorf("%s: no row in README's table of analyzers", a.Name)
		}
		if !strings.Contains(pages["docs/nogo.md"], "//passes/"+a.Name+"\"") {
			t.Errorf("%s: no line in docs/nogo.md's nogo target", a.Name)
		}
	}
}
