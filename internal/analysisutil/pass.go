package analysisutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/clients"
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
//   - the flag UnusedFlag (-NAME.unusedignores on a command line);
//   - Run, which calls run with a pass whose Report drops reports in generated
//     files (ast.IsGenerated: nobody edits them, and they are regenerated) and
//     reports an ignore directive covers (IgnoreDirective), and gives a report
//     with a Category and no URL the category's anchor (CategoryURL); after
//     run, it reports the directives' problems (see IgnoreDirective), in
//     packages that reach a supported client only (in others no pass looks at
//     anything, and neither do the directives).
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
	var unused bool
	a.Flags.BoolVar(&unused, UnusedFlag, false, "report //kafkalint:ignore directives for this analyzer that suppress none of its reports")
	registered.Store(a.Name, true)
	name := a.Name
	a.Run = func(pass *analysis.Pass) (any, error) {
		r := &reporter{pass: pass, name: name, report: pass.Report}
		pass.Report = r.Report
		run(pass)
		if !pass.ResultOf[Inspect].(*Syntax).reachesClient() {
			return nil, nil // no pass looks at such a package: neither do the directives
		}
		r.load()
		for _, d := range problems(r.dirs, name, unused) {
			r.report(d)
		}
		return nil, nil
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
}

// load finds the package's generated files and directives.
func (r *reporter) load() {
	if r.generated != nil {
		return
	}
	r.generated = make(map[*token.File]bool)
	for _, f := range r.pass.Files {
		if ast.IsGenerated(f) {
			r.generated[r.pass.Fset.File(f.FileStart)] = true
		}
	}
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

// Report passes d on to the driver unless it is in a generated file or an
// ignore directive covers it, with its category's URL if it has none.
func (r *reporter) Report(d analysis.Diagnostic) {
	r.load()
	if r.generated[r.pass.Fset.File(d.Pos)] {
		return
	}
	p := r.pass.Fset.Position(d.Pos)
	if dirs := r.covered[lineKey{p.Filename, p.Line}]; len(dirs) > 0 {
		for _, dir := range dirs {
			dir.used = true
		}
		return
	}
	if d.URL == "" && d.Category != "" {
		d.URL = CategoryURL(d.Category)
	}
	r.report(d)
}

// reachesClient reports whether pkg imports, directly or not, a package of a
// client kafkalint checks (internal/clients).
func reachesClient(pkg *types.Package) bool {
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package) bool
	visit = func(p *types.Package) bool {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if clients.Package(imp.Path()) != clients.None || visit(imp) {
				return true
			}
		}
		return false
	}
	return pkg != nil && visit(pkg)
}
