package main

import (
	"errors"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestWithFixes: -fix hands multichecker the packages whose root actions report
// a fix, by the import path their listing has (a test variant or an external
// test package by its package's), in the listing's order; all of them when an
// action failed or the packages were named by their files.
func TestWithFixes(t *testing.T) {
	a := &analysis.Analyzer{Name: "probe"}
	pkg := func(id, path, name string) *packages.Package {
		return &packages.Package{ID: id, PkgPath: path, Name: name}
	}
	fix := analysis.Diagnostic{Message: "fixable", SuggestedFixes: []analysis.SuggestedFix{{Message: "fix it"}}}
	plain := analysis.Diagnostic{Message: "not fixable"}
	act := func(p *packages.Package, diags ...analysis.Diagnostic) *checker.Action {
		return &checker.Action{Analyzer: a, Package: p, IsRoot: true, Diagnostics: diags}
	}
	all := []string{"ex/a", "ex/b", "ex/c", "ex/d", "ex/e"}
	graph := func(roots ...*checker.Action) *checker.Graph { return &checker.Graph{Roots: roots} }

	dep := act(pkg("ex/d", "ex/d", "d"), fix) // a fix outside the roots is not applied
	dep.IsRoot = false
	some := graph(
		act(pkg("ex/e", "ex/e", "e"), fix),
		act(pkg("ex/a", "ex/a", "a"), plain),
		act(pkg("ex/b [ex/b.test]", "ex/b", "b"), plain, fix),
		&checker.Action{Analyzer: a, Package: pkg("ex/c_test [ex/c.test]", "ex/c_test", "c_test"), IsRoot: true, Diagnostics: []analysis.Diagnostic{fix}, Deps: []*checker.Action{dep}},
	)
	failed := act(pkg("ex/a", "ex/a", "a"))
	failed.Err = errors.New("analyzer failed")
	files := []string{"main.go", "util.go"}
	for _, tc := range []struct {
		name  string
		graph *checker.Graph
		all   []string
		want  []string
	}{
		{"some", some, all, []string{"ex/b", "ex/c", "ex/e"}},
		{"none", graph(act(pkg("ex/a", "ex/a", "a"), plain), act(pkg("ex/b", "ex/b", "b"))), all, nil},
		{"failed", graph(act(pkg("ex/b", "ex/b", "b"), fix), failed), all, all},
		{"files", graph(act(pkg("command-line-arguments", "command-line-arguments", "main"), fix)), files, files},
	} {
		if got := withFixes(tc.graph, tc.all); !slices.Equal(got, tc.want) {
			t.Errorf("%s: withFixes = %q, want %q", tc.name, got, tc.want)
		}
	}
}
