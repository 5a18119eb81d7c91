package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestOrderIndependent runs the suite on every pass's fixtures: each pass
// alone, all passes together as a driver runs them (concurrently, in an order
// nobody controls), and all passes one at a time in two fixed orders, the
// suite's and its reverse. A pass's reports must be the same in every run:
// they may depend on the shared kafkaconfig Result and on facts, never on which
// other passes run or which ran first on a package (drivers schedule passes
// concurrently and in any order). The fixed orders matter because the shared
// Result is built lazily (the SSA form, liveness): whichever pass asks first
// builds it, and a pass that left it different for the next would show here.
func TestOrderIndependent(t *testing.T) {
	src := filepath.Join(testutil.Fixtures(t), "src")
	var patterns []string
	for _, a := range analyzer.Analyzers() {
		if _, err := os.Stat(filepath.Join(src, a.Name)); err == nil {
			patterns = append(patterns, a.Name+"/...")
		}
	}
	if len(patterns) < len(analyzer.Analyzers())-1 {
		t.Fatalf("found fixtures for %d of %d passes: %v", len(patterns), len(analyzer.Analyzers()), patterns)
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   src,
		Env:   append(os.Environ(), "GOPATH="+testutil.Fixtures(t), "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
		Tests: false,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}

	suite := analyzer.Analyzers()
	together := reports(t, suite, pkgs)
	backward := slices.Clone(suite)
	slices.Reverse(backward)
	orders := map[string]map[string][]string{
		"in the suite's order": reports(t, inSequence(suite), pkgs),
		"in reverse order":     reports(t, inSequence(backward), pkgs),
	}
	total := 0
	for _, a := range suite {
		alone := reports(t, []*analysis.Analyzer{a}, pkgs)[a.Name]
		total += len(alone)
		if len(alone) == 0 {
			t.Errorf("%s reports nothing on the fixtures: the comparison would be vacuous", a.Name)
		}
		if !slices.Equal(together[a.Name], alone) {
			t.Errorf("%s: reports in the suite differ from its reports alone:\nsuite: %s\nalone: %s", a.Name, strings.Join(together[a.Name], "\n       "), strings.Join(alone, "\n       "))
		}
		for order, got := range orders {
			if !slices.Equal(got[a.Name], alone) {
				t.Errorf("%s: reports with the passes run one at a time %s differ from its reports alone:\n%s: %s\nalone: %s", a.Name, order, order, strings.Join(got[a.Name], "\n       "), strings.Join(alone, "\n       "))
			}
		}
	}
	t.Logf("%d packages, %d reports compared", len(pkgs), total)
}

// TestInSequence: inSequence does make the checker run the passes of a
// package one at a time, in the order given.
func TestInSequence(t *testing.T) {
	var mu sync.Mutex
	var log []string
	var running int
	probe := func(name string) *analysis.Analyzer {
		return &analysis.Analyzer{Name: name, Doc: "record when it runs", Run: func(pass *analysis.Pass) (any, error) {
			mu.Lock()
			running++
			log = append(log, name+"("+strconv.Itoa(running)+")")
			mu.Unlock()
			time.Sleep(10 * time.Millisecond) // time for a concurrent pass to start
			mu.Lock()
			running--
			mu.Unlock()
			return nil, nil
		}}
	}
	as := []*analysis.Analyzer{probe("c"), probe("a"), probe("b")}
	pkgs := load(t, filepath.Join(testutil.Fixtures(t), "src"), "GOPATH="+testutil.Fixtures(t), "GO111MODULE=off")("suppress")
	if _, err := checker.Analyze(inSequence(as), pkgs, nil); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(log, " "); got != "c(1) a(1) b(1)" {
		t.Errorf("passes ran %s, want c(1) a(1) b(1): one at a time, in the order given", got)
	}
}

// inSequence returns copies of as that the checker runs on each package one at
// a time, in the order of as: each copy requires the copy before it (results
// and facts of the originals' own requirements are shared as usual), and a
// copy that requires another analyzer of as (directive requires every pass)
// requires its copy instead, which is made first whatever the order: an
// original and its copy in one run would register its facts twice.
func inSequence(as []*analysis.Analyzer) []*analysis.Analyzer {
	copies := make(map[*analysis.Analyzer]*analysis.Analyzer)
	var copyOf func(a *analysis.Analyzer) *analysis.Analyzer
	copyOf = func(a *analysis.Analyzer) *analysis.Analyzer {
		if c, ok := copies[a]; ok {
			return c
		}
		b := *a
		b.Requires = slices.Clone(a.Requires)
		for i, req := range b.Requires {
			if slices.Contains(as, req) {
				b.Requires[i] = copyOf(req)
			}
		}
		copies[a] = &b
		return &b
	}
	var seq []*analysis.Analyzer
	for i, a := range as {
		b := copyOf(a)
		if i > 0 && !slices.Contains(b.Requires, seq[i-1]) && !requires(seq[i-1], b) {
			b.Requires = append(b.Requires, seq[i-1])
		}
		seq = append(seq, b)
	}
	return seq
}

// requires reports whether a requires b, directly or not.
func requires(a, b *analysis.Analyzer) bool {
	for _, req := range a.Requires {
		if req == b || requires(req, b) {
			return true
		}
	}
	return false
}

// reports runs the analyzers as (in that order) on pkgs and
// returns each root analyzer's reports, "file:line:col: [category] message
// (N fixes)", in position order.
func reports(t *testing.T, as []*analysis.Analyzer, pkgs []*packages.Package) map[string][]string {
	t.Helper()
	res, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]string)
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			rel, _ := filepath.Rel(testutil.Fixtures(t), p.Filename)
			out[act.Analyzer.Name] = append(out[act.Analyzer.Name], fmt.Sprintf("%s:%d:%d: [%s] %s (%d fixes)", rel, p.Line, p.Column, d.Category, d.Message, len(d.SuggestedFixes)))
		}
	}
	for _, list := range out {
		slices.Sort(list)
	}
	return out
}
