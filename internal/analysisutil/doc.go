// Package analysisutil holds small helpers shared by kafkalint's passes that x/tools
// keeps internal.
package analysisutil

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtractDoc returns the documentation of the analyzer name from the package
// doc comment in content (a doc.go file): the text from the "# Analyzer name"
// heading to the next "# Analyzer" heading or the end, without the heading and with
// the "name: " prefix of its first line removed. It panics if the section is
// missing, so that a broken doc.go fails every test.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// ExtractDoc is MustExtractDoc returning an error.
func ExtractDoc(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("analyzer %s: parsing doc: %w", name, err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("analyzer %s: no package doc comment", name)
	}
	text := f.Doc.Text()
	heading := "# Analyzer " + name + "\n"
	_, section, ok := strings.Cut(text, heading)
	if !ok {
		return "", fmt.Errorf("analyzer %s: doc has no %q heading", name, strings.TrimSpace(heading))
	}
	section = strings.TrimLeft(section, "\n")
	// The section runs to the next analyzer's heading, so that its own
	// subsections (what is recognised, not reported, categories, fix and
	// suppression) are part of Doc and "kafkalint help NAME" prints them.
	if i := strings.Index(section, "\n# Analyzer "); i >= 0 {
		section = section[:i]
	}
	rest, ok := strings.CutPrefix(section, name+": ")
	if !ok {
		return "", fmt.Errorf("analyzer %s: doc section must start with %q", name, name+": ")
	}
	return strings.TrimSpace(rest), nil
}
