package main

// Loading for the standalone command. Only a package whose import closure holds
// the consumer package of a supported client (internal/clients: confluent-kafka-go,
// sarama, franz-go, kafka-go; "the library" below) can construct a consumer, build
// its configuration or handle a rebalance, and only such packages produce or consume
// the suite's facts (every pass returns at once when it finds no client import). So the
// command does not let go/packages type-check the whole program from source, as a
// driver must for analyzers with facts; it
//
//  1. finds the requested packages that reach the library, listing as little as
//     go.mod allows (golist.go, choosePlan): nothing, when the main module's go.mod
//     says no package can reach a client; one go list -deps -export (the import
//     graph with files and export data: the compiled dependencies, from the build
//     cache), when it requires one; otherwise the import graph alone (go list
//     -deps, no build, no type-checking), and the same with the result cache on
//     (cache.go: its key needs no export data). When none reaches the library
//     it is done: nothing to report;
//  2. unless step 1 listed them with export data already, lists the reaching
//     packages again with their files and export data;
//  3. parses and type-checks from source the packages that reach the library, in
//     dependency order, and reads every other package they import from export
//     data. The library package itself is read from export data unless it was
//     requested: the suite takes only its API and its module version from it,
//     which export data and the module metadata provide;
//  4. runs the analyzers on each reaching package as soon as it is type-checked,
//     in checker's actions on the graph of the reaching packages alone (so that
//     the analyzers run, and facts flow, on them and on nothing else), and then
//     drops the package's syntax and type information (analyze.go): what stays
//     is the types and facts its importers need, so the command's memory grows
//     with the largest package and the types of all, not with all the syntax.
//
// A package that fails to type-check costs one line (which package, the first
// error and how many more) and the analyzers run on it anyway (they all set
// RunDespiteErrors); a requested package that did not type-check in full makes
// the run exit 1 (gate.go). A broken package that does not reach the library is not
// type-checked at all, unless a reaching package imports it and its export data
// could not be built, in which case it is type-checked from source like a
// reaching one.
//
// KAFKALINT_LOAD=full restores the general driver (multichecker's full load from
// source); the tests use it to check that both paths report the same.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/internal/clients"
)

// fullLoad reports whether KAFKALINT_LOAD=full asks for the general driver.
func fullLoad() bool { return os.Getenv("KAFKALINT_LOAD") == "full" }

// isLibrary reports whether p is the consumer package of a supported client.
func isLibrary(p *packages.Package) bool {
	return clients.Package(p.PkgPath) != clients.None
}

// reachMap returns a function that reports whether a package's import closure
// (the package included) holds the library's kafka package.
func reachMap() func(*packages.Package) bool {
	memo := make(map[*packages.Package]bool)
	var reaches func(p *packages.Package) bool
	reaches = func(p *packages.Package) bool {
		if r, ok := memo[p]; ok {
			return r
		}
		memo[p] = false // go/packages breaks import cycles; this is a guard
		r := isLibrary(p)
		for _, imp := range p.Imports {
			if reaches(imp) {
				r = true
				break
			}
		}
		memo[p] = r
		return r
	}
	return reaches
}

// listing is the outcome of step 1.
type listing struct {
	roots    []*packages.Package // the requested packages, in go list order
	reaching map[string]bool     // IDs of the requested packages that reach the library
	patterns []string            // the reaching packages, as patterns for go list
	complete bool                // roots come with files and export data (steps 1 and 2 in one listing)
	// unmatched holds, for each pattern that matched no package, go list's
	// error for it (a directory that does not exist, an import path no module
	// provides, ./... outside a module): go list -e lists such a pattern as a
	// package without a name or files.
	unmatched []*packages.Package
}

// listReaching finds the requested packages that reach the library, listing as
// little as go.mod allows (see choosePlan). err is a failure of the go command, or
// no package matched. With keyOnly (the result cache is on), the listing is
// never the one with export data: the cache's key needs no more than the
// import graph with files and modules, and only a miss lists again, with
// export data, the reaching packages (loadReaching).
func listReaching(env *goEnv, patterns []string, tests, keyOnly bool) (*listing, error) {
	p := choosePlan(env, patterns)
	if p == planNothing {
		return &listing{}, nil
	}
	if keyOnly && p == planOnce {
		p = planTwice
	}
	roots, err := goList(env, patterns, tests, p == planOnce)
	if err != nil {
		return nil, err
	}
	if len(roots) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	l := &listing{roots: roots, reaching: make(map[string]bool), complete: p == planOnce}
	reaches := reachMap()
	seen := make(map[string]bool)
	files := false // command-line-arguments: only the patterns name it
	for _, p := range roots {
		if unmatchedPattern(p) {
			l.unmatched = append(l.unmatched, p)
			continue
		}
		if !reaches(p) {
			continue
		}
		l.reaching[p.ID] = true
		if p.PkgPath == "command-line-arguments" {
			files = true
		}
		if base := basePath(p); !seen[base] {
			seen[base] = true
			l.patterns = append(l.patterns, base)
		}
	}
	if files {
		l.patterns = patterns
	}
	return l, nil
}

// unmatchedPattern reports whether p, a package of go list -e's answer, stands
// for a pattern that matched nothing: go list's error, no name and no files.
func unmatchedPattern(p *packages.Package) bool {
	return p.Name == "" && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 && len(p.Errors) > 0 && len(p.Imports) == 0
}

// basePath returns the import path of the package whose listing (with tests)
// yields p: "a/b" for a/b, "a/b [a/b.test]", "a/b_test [a/b.test]" and a/b.test.
func basePath(p *packages.Package) string {
	if _, variant, ok := strings.Cut(p.ID, " ["); ok {
		return strings.TrimSuffix(strings.TrimSuffix(variant, "]"), ".test")
	}
	if p.Name == "main" && strings.HasSuffix(p.ID, ".test") && p.ID == p.PkgPath {
		return strings.TrimSuffix(p.ID, ".test")
	}
	return p.PkgPath
}

// loaded is the outcome of steps 2 and 3.
type loaded struct {
	roots      []*packages.Package // the packages to analyse: the requested packages that reach the library, in go list order, but the covered ones
	broken     []string            // one line per package that failed to load or type-check
	brokenPkgs []*packages.Package // those packages, in the same order
	// covered maps each requested package left out of roots to its test
	// variant, whose analysis gives the package's text reports (testvariant.go),
	// and order lists all the requested packages that reach the library, the
	// covered ones included, in go list order.
	covered map[*packages.Package]*packages.Package
	order   []*packages.Package
	// graph is the analysis of roots (analyze.go), as checker.Analyze returns it.
	graph *checker.Graph
}

// loadReaching type-checks the reaching packages of l from source (listing them
// with their files and export data first, unless l already has them) and runs
// the analyzers on each as soon as it is type-checked (analyze.go). With cover, a requested package whose in-package
// test variant is requested too is left out where that variant's analysis gives
// the same text reports (testvariant.go): it is then not type-checked at all.
func loadReaching(env *goEnv, l *listing, analyzers []*analysis.Analyzer, tests, cover bool) (*loaded, error) {
	listedRoots := l.roots
	if !l.complete {
		var err error
		if listedRoots, err = goList(env, l.patterns, tests, true); err != nil {
			return nil, err
		}
	}
	byID := make(map[string]*packages.Package)
	packages.Visit(listedRoots, nil, func(p *packages.Package) { byID[p.ID] = p })
	var roots []*packages.Package
	isRoot := make(map[*packages.Package]bool)
	for _, r := range l.roots {
		if !l.reaching[r.ID] {
			continue
		}
		p := byID[r.ID]
		if p == nil {
			return nil, fmt.Errorf("internal error: package %s missing from the second listing", r.ID)
		}
		roots = append(roots, p)
		isRoot[p] = true
	}
	var all []*packages.Package // what the roots need, dependencies first
	packages.Visit(roots, nil, func(p *packages.Package) { all = append(all, p) })

	ld := &loader{
		fset:        token.NewFileSet(),
		parsed:      make(map[string]*parsedFile),
		src:         make(map[*packages.Package]bool),
		checked:     make(map[*packages.Package]bool),
		exportOK:    make(map[*packages.Package]bool),
		exportTried: make(map[*packages.Package]bool),
		skipped:     make(map[*packages.Package]bool),
	}
	reaches := reachMap()
	for _, p := range all { // dependencies first: a package needs source if an import does
		p.Fset = ld.fset
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
			continue
		}
		p.Types = types.NewPackage(p.PkgPath, p.Name)
		src := isRoot[p] || reaches(p) && !isLibrary(p) || p.ExportFile == ""
		for _, imp := range p.Imports {
			src = src || ld.src[imp]
		}
		ld.src[p] = src
	}
	var candidates map[*packages.Package]*packages.Package // package -> its test variant
	if cover {
		candidates = coverCandidates(roots, all, reaches)
	}
	if len(candidates) > 0 {
		// A candidate is type-checked after its test variant, unless the
		// variant's test files prove inert (testvariant.go).
		clientPaths := make(map[string]bool)
		for _, p := range all {
			if reaches(p) {
				clientPaths[p.PkgPath] = true
			}
		}
		ld.skip = func(p *packages.Package) (after *packages.Package, skip func() bool) {
			variant := candidates[p]
			if variant == nil {
				return nil, nil
			}
			return variant, func() bool { return testsInert(p, variant, clientPaths) }
		}
	}
	res := &loaded{roots: roots, order: roots}
	ld.run = newRunner(analyzers, roots, reaches, func(p *packages.Package) bool { return ld.src[p] })
	ld.check(all)
	res.graph = ld.run.graph(ld.skipped)
	for p := range candidates {
		if !ld.skipped[p] {
			delete(candidates, p)
		}
	}

	if len(candidates) > 0 {
		res.roots = slices.DeleteFunc(slices.Clone(roots), func(p *packages.Package) bool { return candidates[p] != nil })
		res.covered = candidates
		all = slices.DeleteFunc(all, func(p *packages.Package) bool { return candidates[p] != nil })
	}
	for _, p := range all {
		if len(p.Errors) > 0 && (ld.checked[p] || !ld.exportOK[p] && ld.exportTried[p]) {
			res.broken = append(res.broken, brokenLine(p))
			res.brokenPkgs = append(res.brokenPkgs, p)
		}
	}
	return res, nil
}

// brokenLine is the one line printed for a package that failed to load or
// type-check: its first error, and how many more. When the package was
// type-checked, its parse and type errors are the ones that say why (the go
// command's build failure of the same package repeats them, on several lines).
func brokenLine(p *packages.Package) string {
	var errs []packages.Error
	for _, e := range p.Errors {
		if e.Kind == packages.ParseError || e.Kind == packages.TypeError {
			errs = append(errs, e)
		}
	}
	if len(errs) == 0 {
		errs = p.Errors
	}
	msg := strings.Join(strings.Fields(errs[0].Error()), " ")
	if n := len(errs) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more)", n)
	}
	return fmt.Sprintf("kafkalint: package %s has errors: %s", p.ID, msg)
}

// A loader type-checks packages, as go/packages does with LoadAllSyntax for the
// packages in src and from export data for the others.
type loader struct {
	fset *token.FileSet
	src  map[*packages.Package]bool // packages to type-check from source

	parseMu sync.Mutex
	parsed  map[string]*parsedFile // by file name: a file of p and of p [p.test] is parsed once

	exportMu    sync.Mutex // gcexportdata may touch any package of the graph
	exportTried map[*packages.Package]bool
	exportOK    map[*packages.Package]bool

	checkedMu sync.Mutex
	checked   map[*packages.Package]bool // packages type-checked from source
	// skip, if set, says for a package which package to wait for (its test
	// variant) and then whether to leave it out; check records the packages
	// left out in skipped.
	skip    func(p *packages.Package) (after *packages.Package, skip func() bool)
	skipped map[*packages.Package]bool

	// run runs the analyzers on a package once it is type-checked; then the
	// package's syntax and type information are dropped (release), but for a
	// test variant that a package waits for (skip), which that package drops.
	run   *runner
	users map[string]int // by file name: the packages to type-check that have the file, until released
}

type parsedFile struct {
	once sync.Once
	file *ast.File
	err  error
}

// check type-checks the source packages among all (dependencies first) that a
// requested reaching package needs, in parallel, each after its imports, and
// analyses each one that has actions before those that import it.
func (ld *loader) check(all []*packages.Package) {
	done := make(map[*packages.Package]chan struct{})
	held := make(map[*packages.Package]bool) // test variants that a package waits for
	ld.users = make(map[string]int)
	byID := make(map[string]*packages.Package)
	typed := make(map[*packages.Package]chan struct{})
	for _, p := range all {
		if ld.src[p] {
			done[p] = make(chan struct{})
			typed[p] = make(chan struct{})
			byID[p.ID] = p
			for _, name := range p.CompiledGoFiles {
				ld.users[name]++
			}
		}
	}
	// A package and its in-package test variant are mostly the same code. The
	// package goes after the variant's analysis when the variant may stand for
	// it (skip). Otherwise the two are type-checked side by side (the variant
	// does not import the package: on a client's own module, the package and its
	// variant are the two largest packages and were the longest chain when one
	// waited for the other), and the variant is analysed once the package is
	// (after): their go/ssa forms, the largest things in memory, are not built
	// at once.
	after := make(map[*packages.Package]*packages.Package) // variant -> package
	for _, p := range all {
		if !ld.src[p] {
			continue
		}
		if ld.skip != nil {
			if variant, _ := ld.skip(p); variant != nil {
				held[variant] = true
				continue
			}
		}
		if v := byID[p.ID+" ["+p.ID+".test]"]; v != nil {
			after[v] = p
		}
	}
	// A package is type-checked once its imports are (it needs their types)
	// and analysed once their analysis is done (it needs their facts): while
	// one package is analysed, those importing it are type-checked. cpu bounds
	// the packages being type-checked or analysed, open the packages started and
	// not yet analysed (their syntax and type information is in memory); a freed
	// slot goes to the waiting package with the longest chain behind it
	// (schedule.go). No deadlock: a package takes an open slot only once its
	// imports are type-checked, and a test variant only once its package has
	// one, so what it then waits for holds a slot and finishes.
	prio := criticalPaths(all, ld.src, after)
	started := make(map[*packages.Package]chan struct{})
	for p := range done {
		started[p] = make(chan struct{})
	}
	cpu := newSlots(runtime.GOMAXPROCS(0))
	open := newSlots(2 * runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, p := range all {
		if !ld.src[p] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[p])
			wait := func(chans map[*packages.Package]chan struct{}) {
				for _, imp := range p.Imports {
					if ch := chans[imp]; ch != nil {
						<-ch
					}
				}
			}
			wait(typed)
			pkg := after[p] // p is pkg's test variant
			if pkg != nil {
				<-started[pkg]
			}
			if ld.skip != nil {
				if variant, skip := ld.skip(p); variant != nil {
					<-done[variant]
					skipped := skip()
					ld.release(variant)
					if skipped {
						ld.checkedMu.Lock()
						ld.skipped[p] = true
						ld.checkedMu.Unlock()
						ld.release(p)
						close(started[p])
						close(typed[p])
						return
					}
				}
			}
			open.acquire(prio[p])
			close(started[p])
			defer open.release()
			cpu.acquire(prio[p])
			ld.checkSource(p)
			close(typed[p])
			cpu.release()
			if ld.run.has(p) {
				wait(done)
				if pkg != nil {
					<-done[pkg]
				}
				cpu.acquire(prio[p])
				ld.run.run(p)
				cpu.release()
			}
			if !held[p] {
				ld.release(p)
			}
		}()
	}
	wg.Wait()
}

// release drops p's syntax and type information (its types stay, for its
// importers and for facts), and the parsed files no other package still needs.
func (ld *loader) release(p *packages.Package) {
	p.Syntax, p.TypesInfo = nil, nil
	ld.parseMu.Lock()
	defer ld.parseMu.Unlock()
	for _, name := range p.CompiledGoFiles {
		if ld.users[name]--; ld.users[name] == 0 {
			delete(ld.parsed, name)
		}
	}
}

// checkSource parses and type-checks p, whose imports are loaded or in export data.
func (ld *loader) checkSource(p *packages.Package) {
	ld.checkedMu.Lock()
	ld.checked[p] = true
	ld.checkedMu.Unlock()

	appendError := func(err error) {
		var (
			perr     packages.Error
			pathErr  *os.PathError
			list     scanner.ErrorList
			typesErr types.Error
		)
		switch {
		case errors.As(err, &perr):
			p.Errors = append(p.Errors, perr)
		case errors.As(err, &pathErr):
			p.Errors = append(p.Errors, packages.Error{Pos: pathErr.Path + ":1", Msg: pathErr.Err.Error(), Kind: packages.ParseError})
		case errors.As(err, &list):
			for _, e := range list {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case errors.As(err, &typesErr):
			p.TypeErrors = append(p.TypeErrors, typesErr)
			p.Errors = append(p.Errors, packages.Error{Pos: typesErr.Fset.Position(typesErr.Pos).String(), Msg: typesErr.Msg, Kind: packages.TypeError})
		default:
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
	}

	if len(p.CompiledGoFiles) == 0 && p.ExportFile != "" {
		appendError(packages.Error{Pos: "-", Msg: "sources missing for package " + p.ID, Kind: packages.ParseError})
		if err := ld.readExport(p); err != nil {
			appendError(packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
		p.IllTyped = true
		return
	}

	for _, name := range p.CompiledGoFiles {
		f, err := ld.parse(name)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
		if err != nil {
			appendError(err)
		}
	}
	size := 0
	for _, f := range p.Syntax {
		size += int(f.FileEnd - f.FileStart)
	}
	p.TypesInfo = newTypesInfo(size)
	importer := importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		imp := p.Imports[path]
		if imp == nil {
			return nil, fmt.Errorf("no metadata for %s", path)
		}
		if !ld.src[imp] {
			if err := ld.readExport(imp); err != nil {
				return nil, err
			}
		}
		if !imp.Types.Complete() { // (a source package without sources: its export data failed)
			return nil, fmt.Errorf("could not load %s", path)
		}
		return imp.Types, nil
	})
	tc := &types.Config{
		Importer: importer,
		Error:    appendError,
		Sizes:    p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	typErr := types.NewChecker(tc, ld.fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if typErr != nil && len(p.Errors) == 0 {
		appendError(typErr)
	}
	ill := len(p.Errors) > 0
	ld.exportMu.Lock() // readExport may mark an import ill-typed for another importer
	for _, imp := range p.Imports {
		ill = ill || imp.IllTyped
	}
	ld.exportMu.Unlock()
	p.IllTyped = ill
}

// parse parses a file once, in the mode go/packages uses.
func (ld *loader) parse(name string) (*ast.File, error) {
	ld.parseMu.Lock()
	pf := ld.parsed[name]
	if pf == nil {
		pf = new(parsedFile)
		ld.parsed[name] = pf
	}
	ld.parseMu.Unlock()
	pf.once.Do(func() {
		src, err := os.ReadFile(name)
		if err != nil {
			pf.err = err
			return
		}
		// Without go/parser's object resolution (ast.Object, File.Scope):
		// go/types, go/ssa and the passes do not read it
		// (TestNoObjectResolution), and it was 30% of the parse's time and
		// 20% of its allocations (goka's and confluent-kafka-go's files).
		pf.file, pf.err = parser.ParseFile(ld.fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	})
	return pf.file, pf.err
}

// readExport loads p's types from its export data, once.
func (ld *loader) readExport(p *packages.Package) error {
	ld.exportMu.Lock()
	defer ld.exportMu.Unlock()
	if p.Types != nil && p.Types.Complete() {
		return nil
	}
	if ld.exportTried[p] {
		return fmt.Errorf("no export data for %s", p.PkgPath)
	}
	ld.exportTried[p] = true
	fail := func(err error) error {
		p.IllTyped = true
		if len(p.Errors) == 0 {
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		}
		return err
	}
	if p.ExportFile == "" {
		return fail(fmt.Errorf("no export data file"))
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return fail(err)
	}
	defer func() { _ = f.Close() }() // read only
	// go list -export names compiler archives, which NewReader unpacks (the
	// deprecation concerns Go 1.29, which x/tools will follow).
	r, err := gcexportdata.NewReader(f) //nolint:staticcheck // SA1019: archives until Go 1.29

	if err != nil {
		return fail(fmt.Errorf("reading %s: %w", p.ExportFile, err))
	}
	// gcexportdata knows packages by path: give it the types.Package of p and of
	// every package in p's closure, so that it creates none. Reads of packages
	// that import p may have filled p's in part already; this read completes it.
	view := map[string]*types.Package{p.PkgPath: p.Types}
	seen := make(map[*packages.Package]bool)
	var visit func(map[string]*packages.Package)
	visit = func(imports map[string]*packages.Package) {
		for _, q := range imports {
			if !seen[q] {
				seen[q] = true
				view[q.PkgPath] = q.Types
				visit(q.Imports)
			}
		}
	}
	visit(p.Imports)
	tpkg, err := gcexportdata.Read(r, ld.fset, view, p.PkgPath)
	if err != nil {
		return fail(fmt.Errorf("reading %s: %w", p.ExportFile, err))
	}
	p.Types = tpkg
	ld.exportOK[p] = true
	return nil
}

// newTypesInfo returns the type information go/packages records, its maps sized
// for size bytes of source. The type checker fills them one entry at a time,
// and growing a map copies it: on the benchmark's modules that copying was about
// a tenth of the command's CPU time. The sizes are what Go code of the
// benchmark's modules records per byte (between 0.01 and 0.09 types per byte,
// about 0.04 in the larger packages), taken a little low: a map a little too
// small grows once, one too large holds memory for nothing.
func newTypesInfo(size int) *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, size/25),
		Defs:         make(map[*ast.Ident]types.Object, size/150),
		Uses:         make(map[*ast.Ident]types.Object, size/40),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope, size/250),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, size/500),
		FileVersions: make(map[*ast.File]string),
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
