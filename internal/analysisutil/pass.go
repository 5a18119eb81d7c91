package analysisutil

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// URLPrefix is the start of every kafkalint analyzer's URL: its package's page
// on pkg.go.dev, to which drivers resolve the relative URLs of its reports.
const URLPrefix = "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/"

// Setup makes a a kafkalint analyzer: every pass of the suite calls it in its
// constructor, after setting Name, Doc, Requires and its own flags, and gives it
// the body of its run. It sets:
//
//   - URL to the pass's pkg.go.dev page (URLPrefix + Name);
//   - RunDespiteErrors: every pass runs on ill-typed code (editors hand it code
//     being typed; the suite is fuzzed on it);
//   - Requires: Inspect is added if missing, so that every pass shares one
//     lazily built inspector;
//   - Run, which calls run with a pass whose Report drops reports in generated
//     files (ast.IsGenerated: nobody edits them, and they are regenerated) and
//     reports an ignore directive covers (IgnoreDirective), and gives a report
//     with a Category and no URL the category's anchor (CategoryURL).
//
// Run returns no result. A driver always builds the pass with the results of
// a's requirements, so run may rely on them being there.
func Setup(a *analysis.Analyzer, run func(pass *analysis.Pass)) {
	if a.URL == "" {
		a.URL = URLPrefix + a.Name
	}
	a.RunDespiteErrors = true
	if !slices.Contains(a.Requires, Inspect) {
		a.Requires = append(a.Requires, Inspect)
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		newReporter(pass)
		run(pass)
		return nil, nil
	}
}

// reporter stands between a pass and the driver's Report.
type reporter struct {
	pass      *analysis.Pass
	report    func(analysis.Diagnostic) // the driver's
	generated map[*token.File]bool      // built on the first report: most packages report nothing
	ignored   map[lineKey]bool          // likewise
}

// newReporter puts a reporter in front of pass.Report.
func newReporter(pass *analysis.Pass) *reporter {
	r := &reporter{pass: pass, report: pass.Report}
	pass.Report = r.Report
	return r
}

// Report passes d on to the driver unless it is in a generated file or an
// ignore directive covers it, with its category's URL if it has none.
func (r *reporter) Report(d analysis.Diagnostic) {
	if r.generated == nil {
		r.generated = make(map[*token.File]bool)
		for _, f := range r.pass.Files {
			if ast.IsGenerated(f) {
				r.generated[r.pass.Fset.File(f.FileStart)] = true
			}
		}
		r.ignored = ignoredLines(r.pass, r.pass.Analyzer.Name)
	}
	tf := r.pass.Fset.File(d.Pos)
	if r.generated[tf] {
		return
	}
	p := r.pass.Fset.Position(d.Pos)
	if r.ignored[lineKey{p.Filename, p.Line}] {
		return
	}
	if d.URL == "" && d.Category != "" {
		d.URL = CategoryURL(d.Category)
	}
	r.report(d)
}
