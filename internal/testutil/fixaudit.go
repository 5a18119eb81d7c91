package testutil

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// AuditFixes runs a on the analysistest packages pkgs (under TestData) and
// applies each of its suggested fixes alone to the original source. It
// returns the number of fixes audited and, for each fix that deletes or moves
// user code, a problem: a statement that no edit touches must be found again,
// same text, at the position the edits before it move it to (none is deleted
// or reordered), and a statement an edit replaces whole must be the reported
// one (its range holds the report's) or reappear in the edit's new text. A fix
// may change a statement in part (an argument, an operator), add text before
// or after the reported one (go, defer) and insert new ones: the rule of the suite is that fixes never delete or reorder code that
// is not the mistake. The expectations of the packages are not checked here
// (the pass's tests do).
func AuditFixes(t testing.TB, a *analysis.Analyzer, pkgs ...string) (fixes int, problems []string) {
	t.Helper()
	for _, r := range analysistest.Run(quiet{}, TestData(t), a, pkgs...) {
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixes++
				problems = append(problems, auditFix(r.Pass.Fset, d, fix)...)
			}
		}
	}
	return fixes, problems
}

// quiet is an analysistest.Testing that drops the expectation failures.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// An edit is a TextEdit as offsets in its file.
type edit struct {
	start, end int
	text       []byte
}

// auditFix checks fix, of the report d, file by file.
func auditFix(fset *token.FileSet, d analysis.Diagnostic, fix analysis.SuggestedFix) []string {
	byFile := make(map[*token.File][]edit)
	for _, e := range fix.TextEdits {
		f := fset.File(e.Pos)
		if f == nil {
			return []string{fmt.Sprintf("fix %q: an edit at no position", fix.Message)}
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		byFile[f] = append(byFile[f], edit{f.Offset(e.Pos), f.Offset(end), e.NewText})
	}
	dStart, dEnd := -1, -1
	if f := fset.File(d.Pos); f != nil {
		dStart, dEnd = f.Offset(d.Pos), f.Offset(d.Pos)
		if d.End.IsValid() {
			dEnd = f.Offset(d.End)
		}
	}
	var problems []string
	for f, edits := range byFile {
		reported := [2]int{-1, -1}
		if fset.File(d.Pos) == f {
			reported = [2]int{dStart, dEnd}
		}
		problems = append(problems, auditFile(f.Name(), fix.Message, edits, reported)...)
	}
	return problems
}

// A stmt is a statement of a file, as offsets and text.
type stmt struct {
	start, end int
	text       string
}

// auditFile applies edits to the file name and compares its statements before
// and after; reported is the report's range in the file, or -1s.
func auditFile(name, msg string, edits []edit, reported [2]int) []string {
	src, err := os.ReadFile(name)
	if err != nil {
		return []string{err.Error()}
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end < e.start || e.end > len(src) {
			return []string{fmt.Sprintf("%s: fix %q has overlapping or invalid edits", name, msg)}
		}
		out.Write(src[last:e.start])
		out.Write(e.text)
		last = e.end
	}
	out.Write(src[last:])
	before, err := stmts(name, src)
	if err != nil {
		return []string{err.Error()}
	}
	after, err := stmts(name, out.Bytes())
	if err != nil {
		return []string{fmt.Sprintf("%s: fix %q: the fixed file does not parse: %v", name, msg, err)}
	}
	at := make(map[int][]string) // start offset -> texts of the statements there, after
	for _, s := range after {
		at[s.start] = append(at[s.start], s.text)
	}
	var problems []string
	for _, s := range before {
		touched, delta := false, 0
		isReported := reported[0] >= s.start && reported[1] <= s.end
		for _, e := range edits {
			switch {
			case isReported && e.start == e.end && (e.start == s.start || e.start == s.end):
				touched = true // "go " or "defer " before the reported statement
			case e.end <= s.start:
				delta += len(e.text) - (e.end - e.start)
			case e.start >= s.end:
			default:
				touched = true
				if e.start <= s.start && s.end <= e.end && e.start < e.end && !bytes.Contains(e.text, []byte(s.text)) &&
					!isReported {
					problems = append(problems, fmt.Sprintf("%s: fix %q removes the statement %q, which is not the reported one", name, msg, s.text))
				}
			}
		}
		if !touched && !slices.Contains(at[s.start+delta], s.text) {
			problems = append(problems, fmt.Sprintf("%s: fix %q deletes or moves the statement %q, which no edit touches", name, msg, s.text))
		}
	}
	return problems
}

// stmts returns the statements of the Go file src, blocks aside (their
// statements are listed).
func stmts(name string, src []byte) ([]stmt, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	tf := fset.File(f.FileStart)
	var list []stmt
	ast.Inspect(f, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok {
			if _, isBlock := s.(*ast.BlockStmt); !isBlock {
				start, end := tf.Offset(s.Pos()), tf.Offset(s.End())
				list = append(list, stmt{start, end, string(src[start:end])})
			}
		}
		return true
	})
	return list, nil
}
