package main

// The gate: what makes a run fail (exit 1) although the analyzers may have run,
// so that kafkalint in CI does not pass when it checked nothing or less than it
// was asked to. Each cause costs one line on standard error, after the reports,
// that names it and says what to do:
//
//   - a pattern that matches no package (a directory that does not exist, an
//     import path that no module provides, ./... outside a module): go vet fails
//     on these too, and a mistyped path in a CI script would otherwise check
//     nothing, green;
//   - the go command cannot list the packages (the module graph does not load:
//     a go.mod that does not parse, a module the proxy cannot serve);
//   - a requested package that reaches a client could not be type-checked in
//     full: its own errors, or an import (the client's package, say) that could
//     not be loaded. The analyzers run on it anyway (they all set
//     RunDespiteErrors), so its reports are printed, but what they did not see
//     they cannot report: the line names the packages and the analyzers.
//
// A package that does not reach a client is not analysed, broken or not: it
// cannot fail the gate.

import (
	"fmt"
	"os"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"honnef.co/go/tools/lintcmd/cache"
)

// An outcome is what a run analysed and what keeps it from being complete.
type outcome struct {
	graph  *checker.Graph
	broken []string // one line per package that failed to load or type-check, printed before the reports
	causes []string // one line per reason the run is incomplete (exit 1), printed after them
}

// analyse loads and analyses the packages of the command line: the pruned
// loading (load.go), or with KAFKALINT_LOAD=full the general driver's. cover lets
// a test variant stand for its package where that gives the same text reports
// (testvariant.go).
func analyse(cl *commandLine, cover bool) *outcome {
	if progressWanted() {
		stop := startProgress(os.Stderr, 3*time.Second, time.Second)
		defer stop()
	}
	if fullLoad() {
		setStage("loading packages from source")
		return analyseFull(cl)
	}
	o := &outcome{graph: new(checker.Graph)}
	env, err := readGoEnv()
	if err != nil {
		o.causes = append(o.causes, fmt.Sprintf("kafkalint: %s: kafkalint needs the go command (on PATH) to list the packages", oneLine(err.Error())))
		return o
	}
	env.flags = cl.build
	warnWithoutCgo(env)
	dir, _, dirErr := cacheDir(cl.cache)
	cacheOn := dirErr != nil || dir != "" // (openCache then says why it is off)
	setStage("listing packages (go list; a first run builds the dependencies' export data)")
	l, err := listReaching(env, cl.patterns, cl.tests, cacheOn)
	if err != nil {
		o.causes = append(o.causes, listCause(err, cl.patterns))
		return o
	}
	for _, p := range l.unmatched {
		o.causes = append(o.causes, unmatchedCause(p))
	}
	if len(l.reaching) == 0 {
		return o
	}
	// The result cache (cache.go): its key needs the import graph with the
	// files and modules, which the listing holds; only a miss lists the
	// reaching packages with export data (loadReaching).
	var store *cache.DiskCache
	if cacheOn {
		store = openCache(cl.cache)
	}
	var key cache.ActionID
	keyed := false
	if store != nil {
		defer store.Trim()
		if key, keyed = runKey(cl, env, l, cover); keyed {
			if data, _, err := cache.GetBytes(store, key); err == nil {
				if graph, broken, causes, err := decodeRun(data, cl.analyzers); err == nil {
					cacheLog("hit")
					o.graph, o.broken = graph, broken
					o.causes = append(o.causes, causes...)
					return o
				}
			}
			cacheLog("miss")
		}
	}
	before := len(o.causes)
	defer func() {
		if keyed {
			if data, ok := encodeRun(o.graph, o.broken, o.causes[before:]); ok {
				if cache.PutBytes(store, key, data) == nil { // a failed write costs the next run an analysis
					cacheLog("stored")
				}
			}
		}
	}()
	setStage(fmt.Sprintf("type-checking and analysing %d packages that reach a Kafka client", len(l.reaching)))
	res, err := loadReaching(env, l, cl.analyzers, cl.tests, cover)
	if err != nil {
		keyed = false
		o.causes = append(o.causes, "kafkalint: "+oneLine(err.Error()))
		return o
	}
	o.graph, o.broken = res.graph, res.broken
	if len(res.covered) > 0 {
		o.graph = coveredGraph(cl.analyzers, res.graph, res.order, res.covered)
	}
	reaching := make(map[*packages.Package]bool)
	for _, p := range res.order {
		reaching[p] = true
	}
	for _, p := range res.brokenPkgs {
		if !reaching[p] && notLoaded(p) {
			o.causes = append(o.causes, fmt.Sprintf("kafkalint: package %s could not be loaded (%s): the module graph or a dependency is missing; run 'go mod download' (or 'go mod tidy') where the module proxy is reachable, then kafkalint again", p.ID, firstError(p)))
		}
	}
	var incomplete []string
	for _, p := range res.order {
		if v := res.covered[p]; v != nil && v.IllTyped || p.IllTyped {
			incomplete = append(incomplete, p.ID)
		}
	}
	if c := incompleteCause(incomplete, cl); c != "" {
		o.causes = append(o.causes, c)
	}
	return o
}

// analyseFull is analyse with the general driver's loading: packages.Load of
// everything from source, as multichecker does, and checker.Analyze. Every error
// of every package is printed, as multichecker prints them.
func analyseFull(cl *commandLine) *outcome {
	o := &outcome{graph: new(checker.Graph)}
	mode := packages.LoadSyntax | packages.NeedModule
	if needFacts(cl.analyzers) {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	pkgs, err := packages.Load(&packages.Config{Mode: mode, Tests: cl.tests, BuildFlags: cl.build}, cl.patterns...)
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(cl.patterns, " "))
	}
	if err != nil {
		o.causes = append(o.causes, listCause(err, cl.patterns))
		return o
	}
	var incomplete []string
	var roots []*packages.Package
	for _, p := range pkgs {
		if unmatchedPattern(p) {
			o.causes = append(o.causes, unmatchedCause(p))
			continue
		}
		roots = append(roots, p)
		if p.IllTyped {
			incomplete = append(incomplete, p.ID)
		}
	}
	packages.Visit(roots, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			o.broken = append(o.broken, e.Error())
		}
	})
	if len(roots) == 0 {
		return o
	}
	if o.graph, err = checker.Analyze(cl.analyzers, roots, nil); err != nil {
		o.graph = new(checker.Graph)
		o.causes = append(o.causes, "kafkalint: "+oneLine(err.Error()))
		return o
	}
	if c := incompleteCause(incomplete, cl); c != "" {
		o.causes = append(o.causes, c)
	}
	return o
}

// listCause is the line for a failure of the go command to list the packages.
func listCause(err error, patterns []string) string {
	msg := oneLine(err.Error())
	if strings.HasSuffix(msg, "matched no packages") {
		return fmt.Sprintf("kafkalint: %s, so nothing was analysed: check the patterns (kafkalint takes go list patterns, as go vet does: ./... for the module in this directory)", msg)
	}
	return fmt.Sprintf("kafkalint: the packages could not be listed, so nothing was analysed: %s; fix what the go command reports ('go list -deps %s' shows it) and run kafkalint again", msg, strings.Join(patterns, " "))
}

// unmatchedCause is the line for a pattern that matched no package.
func unmatchedCause(p *packages.Package) string {
	return fmt.Sprintf("kafkalint: pattern %s matches no package (%s), so it was not analysed: check the path (kafkalint takes go list patterns, as go vet does)", p.ID, firstError(p))
}

// incompleteCause is the line for the requested packages that could not be
// type-checked in full, or "" if there is none.
func incompleteCause(pkgs []string, cl *commandLine) string {
	if len(pkgs) == 0 {
		return ""
	}
	names := make([]string, len(cl.analyzers))
	for i, a := range cl.analyzers {
		names[i] = a.Name
	}
	which := "of " + strings.Join(names, ", ")
	if len(cl.analyzers) == len(cl.all) {
		which = "of every analyzer"
	}
	list := pkgs
	if len(list) > 5 {
		list = append(list[:5:5], fmt.Sprintf("and %d more", len(pkgs)-5))
	}
	return fmt.Sprintf("kafkalint: the results %s are incomplete in %d package(s) that did not type-check in full (errors above): %s; fix the errors (go build shows them) and run kafkalint again", which, len(pkgs), strings.Join(list, ", "))
}

// notLoaded reports whether p is a package the go command could not load at all
// (no files: its module is missing from the module cache or go.sum), as opposed
// to one with errors in its files.
func notLoaded(p *packages.Package) bool {
	if len(p.CompiledGoFiles) > 0 || len(p.GoFiles) > 0 {
		return false
	}
	for _, e := range p.Errors {
		if e.Kind == packages.ListError {
			return true
		}
	}
	return false
}

// firstError is p's first error, on one line.
func firstError(p *packages.Package) string {
	if len(p.Errors) == 0 {
		return "no error reported"
	}
	return oneLine(p.Errors[0].Msg)
}

// oneLine joins the lines of s with "; " (a space after a line that ends in a
// colon), without their indentation.
func oneLine(s string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSpace(s), "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if b.Len() > 0 {
			if strings.HasSuffix(b.String(), ":") {
				b.WriteString(" ") // "to add:" and the command
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

// results counts the reports of graph's root actions and reports whether an
// action failed.
func results(graph *checker.Graph) (reports int, failed bool) {
	for act := range graph.All() {
		if act.Err != nil {
			failed = true
		} else if act.IsRoot {
			reports += len(act.Diagnostics)
		}
	}
	return reports, failed
}

// printLines writes lines to standard error.
func printLines(lines []string) {
	for _, line := range lines {
		fmt.Fprintln(os.Stderr, line)
	}
}
