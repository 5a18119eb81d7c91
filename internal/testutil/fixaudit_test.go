package testutil_test

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// fixer reports every if statement and the function swapped, and fixes them
// the way fix does.
func fixer(name string, fix func(pass *analysis.Pass, n ast.Node) []analysis.TextEdit) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: name,
		Doc:  "test fixer",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					if edits := fix(pass, n); edits != nil {
						pass.Report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: "here",
							SuggestedFixes: []analysis.SuggestedFix{{Message: "Fix", TextEdits: edits}}})
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

// TestAuditFixes: the audit flags a fix that replaces a reported if with
// "return nil" (claimloop's spin fix before issue 29: the body's statement
// is gone), and one that swaps two statements of the reported function; it
// passes a fix that inserts a check before the if, and one that replaces the
// reported statement itself.
func TestAuditFixes(t *testing.T) {
	replaceIf := fixer("replaceif", func(_ *analysis.Pass, n ast.Node) []analysis.TextEdit {
		if ifs, ok := n.(*ast.IfStmt); ok {
			return []analysis.TextEdit{{Pos: ifs.Pos(), End: ifs.End(), NewText: []byte("return nil")}}
		}
		return nil
	})
	insert := fixer("insert", func(_ *analysis.Pass, n ast.Node) []analysis.TextEdit {
		if ifs, ok := n.(*ast.IfStmt); ok {
			return []analysis.TextEdit{{Pos: ifs.Pos(), End: ifs.Pos(), NewText: []byte("if msg == nil {\nreturn nil\n}\n")}}
		}
		return nil
	})
	replaceStmt := fixer("replacestmt", func(_ *analysis.Pass, n ast.Node) []analysis.TextEdit {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if _, isCall := as.Rhs[0].(*ast.CallExpr); isCall {
				return []analysis.TextEdit{{Pos: as.Pos(), End: as.End(), NewText: []byte("batch = append(batch, msg, msg)")}}
			}
		}
		return nil
	})
	swap := fixer("swap", func(pass *analysis.Pass, n ast.Node) []analysis.TextEdit {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Name.Name == "swapped" {
			a, b := fd.Body.List[0], fd.Body.List[1]
			return []analysis.TextEdit{
				{Pos: a.Pos(), End: a.End(), NewText: []byte("b++")},
				{Pos: b.Pos(), End: b.End(), NewText: []byte("a++")},
			}
		}
		return nil
	})
	for _, c := range []struct {
		a    *analysis.Analyzer
		want string // a problem contains it; "" for none
	}{
		{replaceIf, `removes the statement "batch = append(batch, msg)", which is not the reported one`},
		{swap, `removes the statement "a++", which is not the reported one`}, // a reorder: the report is the function, not the statements
		{insert, ""},
		{replaceStmt, ""},
	} {
		fixes, problems := testutil.AuditFixes(t, c.a, "fixaudit")
		if fixes == 0 {
			t.Errorf("%s: no fix audited", c.a.Name)
		}
		got := strings.Join(problems, "\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: problems %q, want one with %q", c.a.Name, got, c.want)
		}
	}
}
