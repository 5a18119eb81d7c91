// Package analysisutil holds small helpers shared by kafkalint's passes that x/tools
// keeps internal.
package analysisutil

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"sync"
)

// MustExtractDoc returns the short documentation of the analyzer name, for
// Analyzer.Doc, from the package doc comment in content (a doc.go file): the
// title (the first line of the "# Analyzer name" section, without its "name: "
// prefix) and the paragraph after it. go vet help and editors show Doc whole, so
// it stays a few lines; the whole section is recorded for Help. It panics if the
// section is missing, so that a broken doc.go fails every test.
func MustExtractDoc(content, name string) string {
	full, err := ExtractDoc(content, name)
	if err != nil {
		panic(err)
	}
	help.Store(name, full)
	return Short(full)
}

// help maps analyzer names to the whole documentation MustExtractDoc found.
var help sync.Map

// Help returns the whole documentation of the analyzer name as MustExtractDoc
// extracted it (title, description, and the subsections: what is recognised, what
// is not reported, categories, fix and suppression), for "kafkalint help NAME".
func Help(name string) (string, bool) {
	v, ok := help.Load(name)
	if !ok {
		return "", false
	}
	return v.(string), true
}

// Short returns the title and first paragraph of an analyzer's documentation.
func Short(doc string) string {
	paras := strings.SplitN(doc, "\n\n", 3)
	return strings.Join(paras[:min(len(paras), 2)], "\n\n")
}

// ExtractDoc returns the whole section of the analyzer name in the package doc
// comment in content: the text from the "# Analyzer name" heading to the next
// "# Analyzer" heading or the end, without the heading and with the "name: "
// prefix of its first line removed.
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
	// subsections are part of the help text.
	if i := strings.Index(section, "\n# Analyzer "); i >= 0 {
		section = section[:i]
	}
	rest, ok := strings.CutPrefix(section, name+": ")
	if !ok {
		return "", fmt.Errorf("analyzer %s: doc section must start with %q", name, name+": ")
	}
	return strings.TrimSpace(rest), nil
}

// CategoryURL returns the Diagnostic.URL of a report of category: the anchor of
// the "# Category NAME" heading of the analyzer's package doc, which drivers
// resolve against Analyzer.URL (its pkg.go.dev page). pkg.go.dev gives a doc
// heading the id go/doc/comment's Heading.DefaultID forms: "hdr-" and the
// heading text with every rune that is not an ASCII letter, digit or
// underscore replaced by "_".
func CategoryURL(category string) string {
	return "#hdr-Category_" + category
}
