package analysisutil

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IgnoreDirective is the comment that suppresses the reports of an analyzer:
// "//kafkalint:ignore NAME[,NAME] reason". At the end of a line of code it covers
// that line only; on a line of its own it covers its line and the next (the
// statement below it). "//kafkalint:file-ignore NAME[,NAME] reason", anywhere
// in a file, covers the whole file, as staticcheck's //lint:file-ignore does.
// The reason is required. Every pass honours them through Setup's reporter,
// so the directives work in every driver (the kafkalint command, go vet,
// golangci-lint, gopls, nogo).
//
// As staticcheck does with //lint:ignore, a malformed directive (no analyzer
// name, no reason, or a verb other than ignore or file-ignore after
// "//kafkalint:") and a name that is no analyzer of the suite are reported,
// since they suppress nothing; and with the flag -directive.unusedignores (or
// the deprecated -NAME.unusedignores, for NAME only), a directive that
// suppresses no report of an analyzer it names is reported too. The passes
// report none of this: the directive analyzer (passes/directive) does, in
// every package, from what each pass says it suppressed (its Suppressed
// result), so each problem is reported once, whatever client the package
// uses and whichever passes look at it.
const IgnoreDirective = "//kafkalint:ignore"

// directivePrefix starts every kafkalint directive; "ignore" is its only verb.
const directivePrefix = "//kafkalint:"

// DirectiveCategory is the category of reports about the directives
// themselves.
const DirectiveCategory = "directive"

// DirectiveURL documents the directive: README's section on suppression.
const DirectiveURL = "https://github.com/kafkalint/kafkalint#suppressing-a-report"

// UnusedFlag is the name of the flag of the directive analyzer, and of the
// deprecated alias Setup gives every pass: report ignore directives that
// suppress nothing. Off by default: a report that depends on other files
// (tests) or the build can be absent from one variant of a package that
// drivers analyse several times, and its directive would then be called unused
// there.
const UnusedFlag = "unusedignores"

// Suppressed is the Result of every pass made by Setup: which directives of
// the package suppressed its reports, for the directive analyzer, which
// reports the directives that suppress nothing.
type Suppressed struct {
	// Name is the pass's.
	Name string
	// Checked says whether the pass looked at the package: one of its
	// requirements' ClientUse said the package uses its client.
	Checked bool
	// Unused is the pass's -NAME.unusedignores flag (deprecated alias of
	// -directive.unusedignores, for NAME's directives only).
	Unused bool
	used   map[*ast.Comment]bool
}

// Used reports whether the directive c suppressed a report of the pass.
func (s *Suppressed) Used(c *ast.Comment) bool { return s.used[c] }

// A directive is one //kafkalint: comment.
type directive struct {
	c       *ast.Comment
	verb    string   // "ignore" or "file-ignore" for a well-formed directive
	names   []string // the analyzers it names
	problem string   // why it suppresses nothing, "" for a well-formed directive
	lines   []lineKey
}

// A lineKey is a line of a file; line 0 stands for the whole file.
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
	if len(fields) == 0 || (fields[0] != "ignore" && fields[0] != "file-ignore") || !strings.HasPrefix(rest, fields[0]) {
		d.problem = fmt.Sprintf("unknown directive %s, %s (it does nothing)", strings.Fields(c.Text)[0], want)
		return d
	}
	d.verb = fields[0]
	if len(fields) > 1 {
		for n := range strings.SplitSeq(fields[1], ",") {
			if n != "" {
				d.names = append(d.names, n)
			}
		}
	}
	full := directivePrefix + d.verb
	switch {
	case len(d.names) == 0:
		d.problem = fmt.Sprintf("%s directive names no analyzer, want %s NAME[,NAME] reason (it suppresses nothing)", full, full)
	case len(fields) < 3:
		d.problem = fmt.Sprintf("%s directive for %s has no reason, want %s %s reason (a directive without a reason suppresses nothing)",
			full, fields[1], full, fields[1])
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
				p := pass.Fset.Position(c.Slash)
				if d.verb == "file-ignore" {
					d.lines = append(d.lines, lineKey{p.Filename, 0})
					continue
				}
				if firstCode == nil {
					firstCode = codeStarts(pass.Fset, f)
				}
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

// DirectiveProblems returns the reports about the directives of pass's files
// (generated ones aside): the malformed ones, the names in them that are no
// analyzer of results, and, for each analyzer NAME whose result has Unused set
// or with unused set, the directives naming NAME that suppressed none of its
// reports. results are the Suppressed results of the suite's passes on the
// package.
func DirectiveProblems(pass *analysis.Pass, results []*Suppressed, unused bool) []analysis.Diagnostic {
	if !hasDirective(pass) {
		return nil
	}
	byName := make(map[string]*Suppressed)
	for _, r := range results {
		byName[r.Name] = r
	}
	var diags []analysis.Diagnostic
	add := func(d *directive, msg string) {
		diags = append(diags, analysis.Diagnostic{Pos: d.c.Pos(), End: d.c.End(), Category: DirectiveCategory, URL: DirectiveURL, Message: msg})
	}
	for _, d := range directives(pass, generatedFiles(pass)) {
		if d.problem != "" {
			add(d, d.problem)
			continue
		}
		for _, n := range d.names {
			r := byName[n]
			switch {
			case r == nil:
				add(d, fmt.Sprintf("%s%s directive names %s, which is no analyzer of kafkalint (it suppresses nothing)", directivePrefix, d.verb, n))
			case (unused || r.Unused) && !r.Used(d.c):
				where := "on its line"
				if d.verb == "file-ignore" {
					where = "in its file"
				}
				why := ""
				if !r.Checked {
					why = ", which checks no code of this package"
				}
				add(d, fmt.Sprintf("%s%s directive for %s suppresses no report of %s%s, remove %s from it (a stale directive hides the next report %s)",
					directivePrefix, d.verb, n, n, why, n, where))
			}
		}
	}
	return diags
}

// hasDirective reports whether a comment of pass's files starts with
// "//kafkalint:": most packages have none, and are looked at no further.
func hasDirective(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, group := range f.Comments {
			for _, c := range group.List {
				if strings.HasPrefix(c.Text, directivePrefix) {
					return true
				}
			}
		}
	}
	return false
}

// generatedFiles returns the generated files of pass (ast.IsGenerated).
func generatedFiles(pass *analysis.Pass) map[*token.File]bool {
	generated := make(map[*token.File]bool)
	for _, f := range pass.Files {
		if ast.IsGenerated(f) {
			generated[pass.Fset.File(f.FileStart)] = true
		}
	}
	return generated
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
