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
// Analyzer.Doc, from the package doc comment in content (a doc.go file of line
// comments): the title (the first line of the "# Analyzer name" section, without
// its "name: " prefix) and the paragraph after it. go vet help and editors show
// Doc whole, so it stays a few lines; Help gives the whole section. It panics if
// the section is missing or does not start with "name: ", so that a broken doc.go
// fails every test.
//
// Every process of the command runs it for every analyzer at start-up, and under
// go vet there is one process per package, dependencies included: so it reads
// the short text off the comment lines (shortDoc) and leaves the parsing of the
// file that the whole section needs (ExtractDoc) to the first Help call. Parsing
// every doc.go at start-up cost each process about 3.5 ms, most of what
// kafkalint cost go vet on top of a no-op analyzer (bench/RESULTS.md);
// analyzer_test checks that Doc is what the parsing gives.
func MustExtractDoc(content, name string) string {
	short, err := shortDoc(content, name)
	if err != nil {
		panic(err)
	}
	help.Store(name, sync.OnceValues(func() (string, error) { return ExtractDoc(content, name) }))
	return short
}

// shortDoc returns the title and first paragraph of the section of the analyzer
// name in content, read line by line: the text of the "//" lines after the
// "# Analyzer name" heading, without the comment marker and the space after it,
// up to the second paragraph's end.
func shortDoc(content, name string) (string, error) {
	heading := "# Analyzer " + name
	_, rest, ok := strings.Cut(content, "\n// "+heading+"\n")
	if !ok {
		return "", fmt.Errorf("analyzer %s: doc has no %q heading", name, heading)
	}
	var paras, para []string
	for line := range strings.Lines(rest) {
		text, ok := strings.CutPrefix(strings.TrimRight(line, "\r\n"), "//")
		if !ok {
			break // the end of the comment
		}
		if text = strings.TrimRight(strings.TrimPrefix(text, " "), " \t"); text != "" {
			para = append(para, text)
			continue
		}
		if len(para) > 0 {
			paras, para = append(paras, strings.Join(para, "\n")), nil
		}
		if len(paras) == 2 {
			break
		}
	}
	if len(para) > 0 && len(paras) < 2 {
		paras = append(paras, strings.Join(para, "\n"))
	}
	if len(paras) == 2 && strings.HasPrefix(paras[1], "# ") {
		paras = paras[:1] // the next heading: a section of the title alone
	}
	if len(paras) == 0 || !strings.HasPrefix(paras[0], name+": ") {
		return "", fmt.Errorf("analyzer %s: doc section must start with %q", name, name+": ")
	}
	paras[0] = strings.TrimPrefix(paras[0], name+": ")
	return strings.Join(paras, "\n\n"), nil
}

// help maps analyzer names to a function that returns the whole documentation
// of the section MustExtractDoc found.
var help sync.Map

// Help returns the whole documentation of the analyzer name, extracted by
// ExtractDoc from the doc.go MustExtractDoc was given (title, description, and the
// subsections: what is recognised, what is not reported, categories, fix and
// suppression), for "kafkalint help NAME".
func Help(name string) (string, bool) {
	v, ok := help.Load(name)
	if !ok {
		return "", false
	}
	full, err := v.(func() (string, error))()
	return full, err == nil
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
