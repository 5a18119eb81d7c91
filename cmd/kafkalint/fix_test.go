package main

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestWithFixes: -fix hands multichecker the packages whose root actions report
// a fix, by the import path their listing has (a test variant or an external
// test package by its package's), in the listing's order; it cannot tell when an
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
		ok    bool
	}{
		{"some", some, all, []string{"ex/b", "ex/c", "ex/e"}, true},
		{"none", graph(act(pkg("ex/a", "ex/a", "a"), plain), act(pkg("ex/b", "ex/b", "b"))), all, nil, true},
		{"failed", graph(act(pkg("ex/b", "ex/b", "b"), fix), failed), all, nil, false},
		{"files", graph(act(pkg("command-line-arguments", "command-line-arguments", "main"), fix)), files, nil, false},
	} {
		if got, ok := withFixes(tc.graph, tc.all); !slices.Equal(got, tc.want) || ok != tc.ok {
			t.Errorf("%s: withFixes = %q, %t; want %q, %t", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// TestFixReplay: the stand-in of an analyzer reports, on the package loaded
// again in another FileSet, the recorded diagnostics with fixes at the same
// places (file and offset) with the same text; a diagnostic without a fix and
// another analyzer's are not replayed; a fix outside the package's files cannot
// be replayed.
func TestFixReplay(t *testing.T) {
	const name = "/src/ex/a/a.go"
	const src = "package a\n\nfunc f() int { return 1 }\n\nfunc g() {}\n"
	parse := func(fset *token.FileSet) *ast.File {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	fset := token.NewFileSet()
	file := parse(fset)
	tf := fset.File(file.FileStart)
	at := func(s string) token.Pos { return tf.Pos(strings.Index(src, s)) }
	p := &packages.Package{ID: "ex/a", PkgPath: "ex/a", Fset: fset, CompiledGoFiles: []string{name}}
	a, other := &analysis.Analyzer{Name: "probe", Doc: "probe"}, &analysis.Analyzer{Name: "other", Doc: "other"}
	fix := analysis.Diagnostic{Pos: at("return 1"), End: at("return 1") + 8, Category: "c", Message: "fixable", SuggestedFixes: []analysis.SuggestedFix{{
		Message:   "return 2",
		TextEdits: []analysis.TextEdit{{Pos: at("1 }"), End: at("1 }") + 1, NewText: []byte("2")}, {Pos: at("func g"), End: at("func g"), NewText: []byte("// g\n")}},
	}}}
	graph := &checker.Graph{Roots: []*checker.Action{
		{Analyzer: a, Package: p, IsRoot: true, Diagnostics: []analysis.Diagnostic{{Pos: at("func g"), Message: "plain"}, fix}},
		{Analyzer: other, Package: p, IsRoot: true},
	}}
	replay, ok := newFixReplay(graph)
	if !ok {
		t.Fatal("newFixReplay: cannot replay")
	}

	fset2 := token.NewFileSet()
	fset2.AddFile("/src/ex/a/padding.go", -1, 1000) // other Pos values for the same places
	file2 := parse(fset2)
	tf2 := fset2.File(file2.FileStart)
	for _, s := range replay.standIns([]*analysis.Analyzer{other, a}) {
		var got []analysis.Diagnostic
		pass := &analysis.Pass{Analyzer: s, Fset: fset2, Files: []*ast.File{file2}, Report: func(d analysis.Diagnostic) { got = append(got, d) }}
		if _, err := s.Run(pass); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if s.Name == "other" {
			if len(got) != 0 {
				t.Errorf("other: replayed %v, want nothing", got)
			}
			continue
		}
		if len(got) != 1 {
			t.Fatalf("probe: replayed %d diagnostics, want the one with a fix", len(got))
		}
		d := got[0]
		off := func(pos token.Pos) int { return tf2.Offset(pos) }
		if d.Message != fix.Message || d.Category != fix.Category || off(d.Pos) != tf.Offset(fix.Pos) || off(d.End) != tf.Offset(fix.End) {
			t.Errorf("probe: replayed %q %q at %d-%d, want %q %q at %d-%d", d.Category, d.Message, off(d.Pos), off(d.End), fix.Category, fix.Message, tf.Offset(fix.Pos), tf.Offset(fix.End))
		}
		if len(d.SuggestedFixes) != 1 || len(d.SuggestedFixes[0].TextEdits) != 2 {
			t.Fatalf("probe: replayed fixes %v, want one of two edits", d.SuggestedFixes)
		}
		for i, e := range d.SuggestedFixes[0].TextEdits {
			want := fix.SuggestedFixes[0].TextEdits[i]
			if off(e.Pos) != tf.Offset(want.Pos) || off(e.End) != tf.Offset(want.End) || string(e.NewText) != string(want.NewText) {
				t.Errorf("probe: edit %d replayed as %d-%d %q, want %d-%d %q", i, off(e.Pos), off(e.End), e.NewText, tf.Offset(want.Pos), tf.Offset(want.End), want.NewText)
			}
		}
	}

	// A fix that edits a file that is not the package's.
	elsewhere := fset.AddFile("/src/ex/b/b.go", -1, 10)
	outside := fix
	outside.SuggestedFixes = []analysis.SuggestedFix{{Message: "elsewhere", TextEdits: []analysis.TextEdit{{Pos: elsewhere.Pos(0), End: elsewhere.Pos(0), NewText: []byte("x")}}}}
	graph.Roots[0].Diagnostics = []analysis.Diagnostic{outside}
	if _, ok := newFixReplay(graph); ok {
		t.Error("newFixReplay: a fix outside the package's files was accepted")
	}
}
