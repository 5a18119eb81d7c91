package analysisutil_test

import (
	"fmt"
	"go/ast"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/directive"
)

// bad reports every call of a function named bad (category "call"), set up
// the way every pass is. good and other are set up too, so that directives
// may name other analyzers of the suite the directive analyzer judges.
var (
	bad   = newAnalyzer("bad")
	good  = newAnalyzer("good")
	other = newAnalyzer("other")
)

func newAnalyzer(name string) *analysis.Analyzer {
	a := &analysis.Analyzer{Name: name, Doc: "report calls of " + name, Requires: []*analysis.Analyzer{clientUse}}
	analysisutil.Setup(a, func(pass *analysis.Pass) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok && id.Name == name {
						pass.Report(analysis.Diagnostic{Pos: call.Pos(), Category: "call", Message: "call of " + name})
					}
				}
				return true
			})
		}
	})
	return a
}

// clientUse stands in for kafkaconfig: a package uses a client when it imports
// the library (the stub) directly.
var clientUse = &analysis.Analyzer{
	Name:             "clientuse",
	Doc:              "report whether the package imports the library",
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[uses](),
	Run: func(pass *analysis.Pass) (any, error) {
		for _, imp := range pass.Pkg.Imports() {
			if imp.Path() == "github.com/confluentinc/confluent-kafka-go/kafka" {
				return uses(true), nil
			}
		}
		return uses(false), nil
	},
}

type uses bool

func (u uses) UsesClient() bool { return bool(u) }

// TestSuppress checks which directives silence a report: the analyzer's name (alone
// or in a list) and a reason, on the report's line or the line above; that
// //kafkalint:file-ignore covers its whole file and no other; and that calls in
// the fixture's generated file are not reported. The same fixtures' malformed
// directives and unknown names are reported by the directive analyzer, in the
// package that uses no client too.
func TestSuppress(t *testing.T) {
	pkgs := []string{"suppress", "suppress/noclient", "suppress/fileignore"}
	analysistest.Run(only{t, false}, testutil.Fixtures(t), bad, pkgs...)
	analysistest.Run(only{t, true}, testutil.Fixtures(t), directive.NewAnalyzer(bad, good, other), pkgs...)
}

// TestUnused: with -bad.unusedignores (the deprecated alias of
// -directive.unusedignores for bad), the directives that suppress no report of
// bad are reported, and only those: good's are good's to judge.
func TestUnused(t *testing.T) {
	a, g := newAnalyzer("bad"), newAnalyzer("good")
	if err := a.Flags.Set(analysisutil.UnusedFlag, "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(only{t, false}, testutil.Fixtures(t), a, "suppress/unused")
	analysistest.Run(only{t, true}, testutil.Fixtures(t), directive.NewAnalyzer(a, g), "suppress/unused")
}

// only passes on analysistest's failures but for the expectations that belong
// to the other analyzer of a fixture: the directive analyzer's (directives)
// when running bad, bad's ("call of bad") when running directive. The two
// report on the same lines, and analysistest checks one analyzer at a time.
type only struct {
	t          *testing.T
	directives bool
}

func (o only) Errorf(format string, args ...any) {
	o.t.Helper()
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "was reported matching") && strings.Contains(msg, "call of") == o.directives {
		return
	}
	o.t.Errorf("%s", msg)
}

// TestSetup: Setup gives the analyzer its URL, RunDespiteErrors and the
// inspector, and each report the URL of its category (which drivers resolve
// against the analyzer's).
func TestSetup(t *testing.T) {
	if bad.URL != analysisutil.URLPrefix+"bad" || !bad.RunDespiteErrors || !slices.Contains(bad.Requires, analysisutil.Inspect) {
		t.Errorf("after Setup: URL %q, RunDespiteErrors %v, Requires %v", bad.URL, bad.RunDespiteErrors, bad.Requires)
	}
	for _, r := range analysistest.Run(only{t, false}, testutil.Fixtures(t), bad, "suppress") {
		for _, d := range r.Diagnostics {
			want := bad.URL + analysisutil.CategoryURL("call")
			if d.Category == analysisutil.DirectiveCategory {
				want = analysisutil.DirectiveURL
			}
			if d.URL != want {
				t.Errorf("%s: URL %q, want the category's %q", r.Pass.Fset.Position(d.Pos), d.URL, want)
			}
		}
	}
}

// TestReportInGenerated: a report made with ReportInGenerated is kept in a
// generated file, where pass.Report's is dropped; directives still cover it
// outside generated files (those of generated files are not read).
func TestReportInGenerated(t *testing.T) {
	a := &analysis.Analyzer{Name: "kept", Doc: "report calls of kept, even in generated files", Requires: []*analysis.Analyzer{clientUse}}
	analysisutil.Setup(a, func(pass *analysis.Pass) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if id, ok := call.Fun.(*ast.Ident); ok {
						d := analysis.Diagnostic{Pos: call.Pos(), Category: "call", Message: "call of " + id.Name}
						switch id.Name {
						case "kept":
							analysisutil.ReportInGenerated(pass, d)
						case "dropped":
							pass.Report(d)
						}
					}
				}
				return true
			})
		}
	})
	analysistest.Run(t, testutil.Fixtures(t), a, "suppress/ingenerated")
}
