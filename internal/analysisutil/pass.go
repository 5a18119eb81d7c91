package analysisutil

import (
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// URLPrefix is the start of every kafkalint analyzer's URL: its package's page
// on pkg.go.dev, to which drivers resolve the relative URLs of its reports.
const URLPrefix = "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/"

// Setup completes the analyzer a as a pass of the suite, with run as the body
// of its Run: every pass calls it last in its constructor, after setting Name,
// Doc, Requires and its own flags. It sets:
//
//   - URL to the pass's pkg.go.dev page (URLPrefix + Name);
//   - RunDespiteErrors: every pass runs on ill-typed code (editors hand it code
//     being typed; the suite is fuzzed on it);
//   - Requires: Inspect is added if missing, so that every pass shares one
//     lazily built inspector;
//   - the flag UnusedFlag (-NAME.unusedignores on a command line), a
//     deprecated alias of the directive analyzer's, for NAME only;
//   - ResultType and Run, which calls run with a pass whose Report drops
//     reports in generated files (ast.IsGenerated: nobody edits them, and they
//     are regenerated; ReportInGenerated is the exception, for reports with
//     nowhere else to go) and reports an ignore directive covers
//     (IgnoreDirective), and gives a report without a URL the anchor of its
//     category's heading (CategoryURL), so a pass sets Category and never URL;
//     it returns what the directives suppressed (Suppressed), from which the
//     directive analyzer reports the directives' problems.
//
// A driver always builds the pass with the results of a's requirements, so
// run may rely on them being there. In return run keeps the command's
// contract (CONTRIBUTING.md, "Adding a rule", the driver's contract): it
// starts from what the package does with a client and follows only the
// declarations that code names, so that a package that reaches no client, or
// test files that name nothing connected to client code, cannot change its
// reports.
func Setup(a *analysis.Analyzer, run func(pass *analysis.Pass)) {
	if a.URL == "" {
		a.URL = URLPrefix + a.Name
	}
	a.RunDespiteErrors = true
	if !slices.Contains(a.Requires, Inspect) {
		a.Requires = append(a.Requires, Inspect)
	}
	var unused bool
	a.Flags.BoolVar(&unused, UnusedFlag, false, "deprecated: use -directive.unusedignores (report //kafkalint:ignore directives for this analyzer that suppress none of its reports)")
	a.ResultType = reflect.TypeFor[*Suppressed]()
	name := a.Name
	a.Run = func(pass *analysis.Pass) (any, error) {
		r := &reporter{pass: pass, name: name, report: pass.Report}
		pass.Report = r.Report
		reporters.Store(pass, r)
		defer reporters.Delete(pass)
		run(pass)
		return &Suppressed{Name: name, Checked: usesClient(pass), Unused: unused, used: r.used}, nil
	}
}

// reporter stands between a pass and the driver's Report.
type reporter struct {
	pass      *analysis.Pass
	name      string
	report    func(analysis.Diagnostic) // the driver's
	generated map[*token.File]bool      // set by load, on the first report: most packages report nothing
	dirs      []*directive              // likewise
	covered   map[lineKey][]*directive  // the directives for name that cover each line
	used      map[*ast.Comment]bool     // the directives that covered a report
}

// load finds the package's generated files and directives.
func (r *reporter) load() {
	if r.generated != nil {
		return
	}
	r.generated = generatedFiles(r.pass)
	r.dirs = directives(r.pass, r.generated)
	r.covered = make(map[lineKey][]*directive)
	for _, d := range r.dirs {
		if d.problem == "" && slices.Contains(d.names, r.name) {
			for _, l := range d.lines {
				r.covered[l] = append(r.covered[l], d)
			}
		}
	}
}

// reporters holds the reporter of each pass while its run runs, for
// ReportInGenerated.
var reporters sync.Map // *analysis.Pass -> *reporter

// Report passes d on to the driver unless it is in a generated file or an
// ignore directive covers it, with its category's URL if it has none.
func (r *reporter) Report(d analysis.Diagnostic) {
	r.load()
	if r.generated[r.pass.Fset.File(d.Pos)] {
		return
	}
	r.reportCovered(d)
}

// ReportInGenerated reports d as pass.Report does, but also when d is in a
// generated file. Setup's pass drops reports in generated files, as
// staticcheck does for the reports that ask for it
// (honnef.co/go/tools/analysis/report.FilterGenerated, which its
// simplifications and style checks pass, most of its bug checks not):
// nobody edits them.
// A report that is made where two other places meet, neither of which can
// see the problem alone, has nowhere else to go when that meeting place is
// generated (dependency-injection wiring: wire's wire_gen.go); go vet,
// which filters nothing, would report it there too. Such a report must
// carry Related positions in the code the user edits.
func ReportInGenerated(pass *analysis.Pass, d analysis.Diagnostic) {
	r, ok := reporters.Load(pass)
	if !ok {
		pass.Report(d) // not a pass made by Setup
		return
	}
	rep := r.(*reporter)
	rep.load()
	rep.reportCovered(d)
}

// reportCovered reports d unless an ignore directive covers it.
func (r *reporter) reportCovered(d analysis.Diagnostic) {
	p := r.pass.Fset.Position(d.Pos)
	dirs := slices.Concat(r.covered[lineKey{p.Filename, p.Line}], r.covered[lineKey{p.Filename, 0}])
	if len(dirs) > 0 {
		if r.used == nil {
			r.used = make(map[*ast.Comment]bool)
		}
		for _, dir := range dirs {
			r.used[dir.c] = true
		}
		return
	}
	if d.URL == "" && d.Category != "" {
		d.URL = CategoryURL(d.Category)
	}
	r.report(d)
}

// A ClientUse is the result of a shared analyzer that decides whether a
// package uses a supported client (kafkaconfig's Result for
// confluent-kafka-go). The passes return at once where it says no, and Setup
// records in its Suppressed result whether the pass checked the package: the
// decision is made once, before the passes run, so every pass of a package
// sees the same answer.
type ClientUse interface {
	UsesClient() bool
}

// usesClient reports whether a result of pass's requirements is a ClientUse
// that says the package uses a client.
func usesClient(pass *analysis.Pass) bool {
	for _, res := range pass.ResultOf {
		if u, ok := res.(ClientUse); ok && u.UsesClient() {
			return true
		}
	}
	return false
}
