package analysisutil

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// IgnoreDirective is the comment that suppresses the reports of an analyzer:
// "//kafkalint:ignore NAME[,NAME] reason". At the end of a line of code it covers
// that line only; on a line of its own it covers its line and the next (the
// statement below it). The reason is required; a directive without one
// suppresses nothing. Every pass honours it through Setup's reporter, so the
// directive works in every driver (the kafkalint command, go vet,
// golangci-lint, gopls, nogo).
const IgnoreDirective = "//kafkalint:ignore"

type lineKey struct {
	file string
	line int
}

// ignoredLines returns the lines on which reports of name are suppressed.
func ignoredLines(pass *analysis.Pass, name string) map[lineKey]bool {
	lines := make(map[lineKey]bool)
	for _, f := range pass.Files {
		var firstCode map[int]token.Pos // built for files with a directive for name
		for _, group := range f.Comments {
			for _, c := range group.List {
				if !covers(c, name) {
					continue
				}
				if firstCode == nil {
					firstCode = codeStarts(pass.Fset, f)
				}
				p := pass.Fset.Position(c.Slash)
				lines[lineKey{p.Filename, p.Line}] = true
				// A directive on a line of its own also covers the statement
				// below it; one that trails code covers that code's line only.
				if start, ok := firstCode[p.Line]; !ok || start > c.Slash {
					lines[lineKey{p.Filename, p.Line + 1}] = true
				}
			}
		}
	}
	return lines
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
