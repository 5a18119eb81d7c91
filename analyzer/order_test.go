package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestOrderIndependent runs the suite on every pass's fixtures three ways: all
// passes in the suite's order, all passes in reverse order, and each pass
// alone. A pass's reports must be the same in all three: they may depend on
// the shared kafkaconfig Result and on facts, never on which other passes run
// or which ran first (drivers schedule passes concurrently and in any order).
func TestOrderIndependent(t *testing.T) {
	src := filepath.Join(testutil.TestData(t), "src")
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
		Env:   append(os.Environ(), "GOPATH="+testutil.TestData(t), "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
		Tests: false,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}

	suite := analyzer.Analyzers()
	forward := reports(t, suite, pkgs)
	backward := slices.Clone(suite)
	slices.Reverse(backward)
	reversed := reports(t, backward, pkgs)
	total := 0
	for _, a := range suite {
		alone := reports(t, []*analysis.Analyzer{a}, pkgs)[a.Name]
		total += len(alone)
		if len(alone) == 0 {
			t.Errorf("%s reports nothing on the fixtures: the comparison would be vacuous", a.Name)
		}
		if !slices.Equal(forward[a.Name], alone) {
			t.Errorf("%s: reports in the suite differ from its reports alone:\nsuite: %s\nalone: %s", a.Name, strings.Join(forward[a.Name], "\n       "), strings.Join(alone, "\n       "))
		}
		if !slices.Equal(forward[a.Name], reversed[a.Name]) {
			t.Errorf("%s: reports depend on the order of the suite:\nforward:  %s\nreversed: %s", a.Name, strings.Join(forward[a.Name], "\n          "), strings.Join(reversed[a.Name], "\n          "))
		}
	}
	t.Logf("%d packages, %d reports compared", len(pkgs), total)
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
			rel, _ := filepath.Rel(testutil.TestData(t), p.Filename)
			out[act.Analyzer.Name] = append(out[act.Analyzer.Name], fmt.Sprintf("%s:%d:%d: [%s] %s (%d fixes)", rel, p.Line, p.Column, d.Category, d.Message, len(d.SuggestedFixes)))
		}
	}
	for _, list := range out {
		slices.Sort(list)
	}
	return out
}
