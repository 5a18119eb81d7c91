package analysisutil

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// IgnoreDirective is the comment that suppresses the reports of an analyzer:
// "//kafkalint:ignore NAME[,NAME] reason". At the end of a line of code it covers
// that line only; on a line of its own it covers its line and the next (the
// statement below it). The reason is required. Every pass honours it through
// Setup's reporter, so the directive works in every driver (the kafkalint
// command, go vet, golangci-lint, gopls, nogo).
//
// As staticcheck does with //lint:ignore, a malformed directive (no analyzer
// name, no reason, or a verb other than ignore after "//kafkalint:") is
// reported, since it suppresses nothing; and with the analyzer flag
// -NAME.unusedignores, a directive that suppresses no report of NAME, or that
// names no analyzer of the process, is reported too. Each directive problem is
// reported once, by its owner: the first analyzer it names that is set up in
// the process, or else the first such analyzer by name.
const IgnoreDirective = "//kafkalint:ignore"

// directivePrefix starts every kafkalint directive; "ignore" is its only verb.
const directivePrefix = "//kafkalint:"

// DirectiveCategory is the category of reports about the directives
// themselves.
const DirectiveCategory = "directive"

// DirectiveURL documents the directive: README's section on suppression.
const DirectiveURL = "https://github.com/kafkalint/kafkalint#suppressing-a-report"

// UnusedFlag is the name of the flag Setup gives every analyzer: report its
// ignore directives that suppress nothing. Off by default: a report that
// depends on other files (tests) or the build can be absent from one variant of
// a package that drivers analyse several times, and its directive would then be
// called unused there.
const UnusedFlag = "unusedignores"

// registered holds the names of the analyzers set up in this process, which a
// directive may name.
var registered sync.Map

// owner returns the analyzer that reports the problems of d as a whole.
func (d *directive) owner() string {
	for _, n := range d.names {
		if _, ok := registered.Load(n); ok {
			return n
		}
	}
	var first string
	registered.Range(func(k, _ any) bool {
		if n := k.(string); first == "" || n < first {
			first = n
		}
		return true
	})
	return first
}

// A directive is one //kafkalint: comment.
type directive struct {
	c       *ast.Comment
	names   []string // the analyzers it names
	problem string   // why it suppresses nothing, "" for a well-formed directive
	lines   []lineKey
	used    bool // it suppressed a report of the pass
}

type lineKey struct {
	file string
	line int
}

// parseDirective returns the directive c is, or nil for other comments.
func parseDirective(c *ast.Comment) *directive {
	rest, ok := strings.CutPrefix(c.Text, directivePrefix)
	if !ok {
		return nil
	}
	d := &directive{c: c}
	fields := strings.Fields(rest)
	want := "want " + IgnoreDirective + " NAME[,NAME] reason"
	if len(fields) == 0 || fields[0] != "ignore" || !strings.HasPrefix(rest, "ignore") {
		d.problem = fmt.Sprintf("unknown directive %s, %s (it does nothing)", strings.Fields(c.Text)[0], want)
		return d
	}
	if len(fields) > 1 {
		for n := range strings.SplitSeq(fields[1], ",") {
			if n != "" {
				d.names = append(d.names, n)
			}
		}
	}
	switch {
	case len(d.names) == 0:
		d.problem = fmt.Sprintf("%s directive names no analyzer, %s (it suppresses nothing)", IgnoreDirective, want)
	case len(fields) < 3:
		d.problem = fmt.Sprintf("%s directive for %s has no reason, want %s %s reason (a directive without a reason suppresses nothing)",
			IgnoreDirective, fields[1], IgnoreDirective, fields[1])
	}
	return d
}

// directives returns the directives of pass's files other than generated ones,
// with the lines each well-formed one covers.
func directives(pass *analysis.Pass, generated map[*token.File]bool) []*directive {
	var dirs []*directive
	for _, f := range pass.Files {
		if generated[pass.Fset.File(f.FileStart)] {
			continue
		}
		var firstCode map[int]token.Pos // built for files with a directive
		for _, group := range f.Comments {
			for _, c := range group.List {
				d := parseDirective(c)
				if d == nil {
					continue
				}
				dirs = append(dirs, d)
				if d.problem != "" {
					continue
				}
				if firstCode == nil {
					firstCode = codeStarts(pass.Fset, f)
				}
				p := pass.Fset.Position(c.Slash)
				d.lines = append(d.lines, lineKey{p.Filename, p.Line})
				// A directive on a line of its own also covers the statement
				// below it; one that trails code covers that code's line only.
				if start, ok := firstCode[p.Line]; !ok || start > c.Slash {
					d.lines = append(d.lines, lineKey{p.Filename, p.Line + 1})
				}
			}
		}
	}
	return dirs
}

// problems returns the reports of analyzer name about dirs: the malformed
// directives it owns, and with unused set, its directives that suppressed
// nothing and the unknown names of the directives it owns.
func problems(dirs []*directive, name string, unused bool) []analysis.Diagnostic {
	var diags []analysis.Diagnostic
	add := func(d *directive, msg string) {
		diags = append(diags, analysis.Diagnostic{Pos: d.c.Pos(), End: d.c.End(), Category: DirectiveCategory, URL: DirectiveURL, Message: msg})
	}
	for _, d := range dirs {
		switch {
		case d.problem != "":
			if d.owner() == name {
				add(d, d.problem)
			}
		case !unused:
		case slices.Contains(d.names, name) && !d.used:
			add(d, fmt.Sprintf("%s directive for %s suppresses no report of %s, remove %s from it (a stale directive hides the next report on its line)",
				IgnoreDirective, name, name, name))
		case d.owner() == name:
			for _, n := range d.names {
				if _, ok := registered.Load(n); !ok {
					add(d, fmt.Sprintf("%s directive names %s, which is no analyzer of this run (it suppresses nothing)", IgnoreDirective, n))
				}
			}
		}
	}
	return diags
}

// codeStarts maps each line of f that holds code to a position of code on it
// no later than its first token. Every token starts or ends a syntax node (a
// line's first token is an identifier, a literal, a keyword that starts a
// statement, or a closing bracket that ends a node), so the earliest node
// start or end on a line is at or before its first token.
func codeStarts(fset *token.FileSet, f *ast.File) map[int]token.Pos {
	starts := make(map[int]token.Pos)
	note := func(pos token.Pos) {
		if !pos.IsValid() {
			return
		}
		line := fset.Position(pos).Line
		if old, ok := starts[line]; !ok || pos < old {
			starts[line] = pos
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil:
			return false
		case *ast.CommentGroup, *ast.Comment:
			return false
		}
		note(n.Pos())
		if n.End().IsValid() {
			note(n.End() - 1) // the node's last character
		}
		return true
	})
	return starts
}
