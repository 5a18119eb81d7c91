package readtimeout

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/fixedit"
	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// fix inserts, first in the error branch body, the timeout check that continues
// the loop:
//
//	var kerr kafka.Error
//	if errors.As(err, &kerr) && kerr.IsTimeout() { // kerr.Code() == kafka.ErrTimedOut before v2.0.2
//		continue
//	}
//
// errors.As rather than a type assertion, so that errorlint stays quiet and the
// check still holds if the error is ever wrapped. The "errors" import is added
// when the file lacks it (internal/fixedit: as stderrors when "errors" names
// something else there). No fix when the file does not import the library (the
// qualifier for kafka.Error).
func (c *checker) fix(r *read, errVar *types.Var, body []ast.Stmt) (analysis.SuggestedFix, bool) {
	if len(body) == 0 {
		return analysis.SuggestedFix{}, false
	}
	first := body[0]
	file := fixedit.FileOf(c.pass.Files, first.Pos())
	if file == nil {
		return analysis.SuggestedFix{}, false
	}
	kafka, ok := fixedit.Qualifier(file, r.lib)
	if !ok {
		return analysis.SuggestedFix{}, false // the file does not name the library
	}
	scope := fixedit.ScopeAt(c.pass.TypesInfo, file, first.Pos())
	errorsName, edits, ok := fixedit.Import(file, scope, first.Pos(), "errors", "errors")
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	kerr := fixedit.FreshName(scope, first.Pos(), fixedit.Identifiers(body...), "kerr", "kafkaErr")
	test := kerr + ".IsTimeout()"
	if !kafkaapi.HasMethod(r.lib, "Error", "IsTimeout") {
		test = kerr + ".Code() == " + kafka + "ErrTimedOut" // v1: IsTimeout is v2.0.2's
	}
	indent := strings.Repeat("\t", max(c.pass.Fset.Position(first.Pos()).Column-1, 0))
	text := fmt.Sprintf("var %[1]s %[2]sError\n%[5]sif %[3]s.As(%[6]s, &%[1]s) && %[4]s {\n%[5]s\tcontinue\n%[5]s}\n%[5]s",
		kerr, kafka, errorsName, test, indent, errVar.Name())
	edits = append(edits, analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte(text)})
	return analysis.SuggestedFix{
		Message:   "Continue the loop when ReadMessage times out",
		TextEdits: edits,
	}, true
}
