package analysisutil

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IgnoreDirective is the comment that suppresses the reports of an analyzer on its
// own line and the line below: "//kafkalint:ignore NAME[,NAME] reason". The reason is
// required; a directive without one suppresses nothing.
const IgnoreDirective = "//kafkalint:ignore"

// Suppress makes pass drop the diagnostics of analyzer name that an ignore
// directive covers. Every pass calls it first, so the directive works in every
// driver (the kafkalint command, go vet, golangci-lint, gopls, nogo).
func Suppress(pass *analysis.Pass, name string) {
	report := pass.Report
	var ignored map[lineKey]bool // built on the first report: most packages report nothing
	pass.Report = func(d analysis.Diagnostic) {
		if ignored == nil {
			ignored = ignoredLines(pass, name)
		}
		p := pass.Fset.Position(d.Pos)
		if ignored[lineKey{p.Filename, p.Line}] {
			return
		}
		report(d)
	}
}

type lineKey struct {
	file string
	line int
}

// ignoredLines returns the lines on which reports of name are suppressed.
func ignoredLines(pass *analysis.Pass, name string) map[lineKey]bool {
	lines := make(map[lineKey]bool)
	for _, f := range pass.Files {
		for _, group := range f.Comments {
			for _, c := range group.List {
				if covers(c, name) {
					p := pass.Fset.Position(c.Slash)
					// its own line (a trailing comment) and the next (a comment
					// on a line of its own, above the statement)
					lines[lineKey{p.Filename, p.Line}] = true
					lines[lineKey{p.Filename, p.Line + 1}] = true
				}
			}
		}
	}
	return lines
}

// covers reports whether comment c is an ignore directive for name with a reason.
func covers(c *ast.Comment, name string) bool {
	rest, ok := strings.CutPrefix(c.Text, IgnoreDirective+" ")
	if !ok {
		return false
	}
	names, reason, _ := strings.Cut(strings.TrimSpace(rest), " ")
	if strings.TrimSpace(reason) == "" {
		return false // a reason is required
	}
	for _, n := range strings.Split(names, ",") {
		if n == name {
			return true
		}
	}
	return false
}
