package main

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// probeFact is the fact of factProbe: the name of the object or package.
type probeFact struct{ Name string }

func (*probeFact) AFact()           {}
func (f *probeFact) String() string { return f.Name }

// factProbe exports a fact about every object a package declares (functions,
// methods, fields, variables, types, constants; exported or not) and about the
// package, then reports which facts of its transitive imports it sees, through
// each of the four ways a pass reads facts.
var factProbe = &analysis.Analyzer{
	Name:      "factprobe",
	Doc:       "reports the facts a package sees",
	FactTypes: []analysis.Fact{new(probeFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		objects := func(pkg *types.Package) []types.Object {
			var objs []types.Object
			for _, name := range pkg.Scope().Names() {
				obj := pkg.Scope().Lookup(name)
				objs = append(objs, obj)
				if tn, ok := obj.(*types.TypeName); ok {
					if n, ok := tn.Type().(*types.Named); ok {
						for m := range n.Methods() {
							objs = append(objs, m)
						}
					}
					if st, ok := tn.Type().Underlying().(*types.Struct); ok {
						for f := range st.Fields() {
							objs = append(objs, f)
						}
					}
				}
			}
			return objs
		}
		for _, obj := range objects(pass.Pkg) {
			pass.ExportObjectFact(obj, &probeFact{obj.Pkg().Name() + "." + obj.Name()})
		}
		pass.ExportPackageFact(&probeFact{pass.Pkg.Name()})
		var lines []string
		seen := make(map[*types.Package]bool)
		var visit func(pkg *types.Package)
		visit = func(pkg *types.Package) {
			for _, imp := range pkg.Imports() {
				if seen[imp] {
					continue
				}
				seen[imp] = true
				for _, obj := range objects(imp) {
					var f probeFact
					if pass.ImportObjectFact(obj, &f) {
						lines = append(lines, "object "+f.Name)
					}
				}
				var f probeFact
				if pass.ImportPackageFact(imp, &f) {
					lines = append(lines, "package "+f.Name)
				}
				visit(imp)
			}
		}
		visit(pass.Pkg)
		for _, f := range pass.AllObjectFacts() {
			lines = append(lines, "all object "+f.Fact.(*probeFact).Name)
		}
		for _, f := range pass.AllPackageFacts() {
			lines = append(lines, "all package "+f.Fact.(*probeFact).Name)
		}
		sort.Strings(lines)
		pass.Reportf(pass.Files[0].Package, "%s", strings.Join(lines, "; "))
		return nil, nil
	},
}

// TestRunnerAsChecker: the command's runner gives a pass the facts
// checker.Analyze gives it (checker drops, on the way from a package to its
// importers, facts about objects not in the package's export data, and from
// further imports all but those about methods, fields, types and constants), and
// its graph prints as checker's does.
func TestRunnerAsChecker(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"c/c.go": `package c

func F()  {}
func f()  {}
type T struct{ Field, field int }
func (T) M()  {}
func (T) m()  {}
var V, v int
const K, k = 1, 2
`,
		"b/b.go": "package b\n\nimport \"example.com/m/c\"\n\nfunc B() { c.F() }\nfunc b() {}\n\nvar W = c.V\n",
		"a/a.go": "package a\n\nimport \"example.com/m/b\"\n\nfunc A() { b.B() }\n",
		"d/d.go": "package d\n\nimport (\n\t\"example.com/m/b\"\n\t\"example.com/m/c\"\n)\n\nfunc D() { b.B(); c.F() }\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	load := func() []*packages.Package {
		pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir}, "./a", "./d")
		if err != nil {
			t.Fatal(err)
		}
		if n := packages.PrintErrors(pkgs); n > 0 {
			t.Fatalf("%d errors loading the test module", n)
		}
		return pkgs
	}
	analyzers := []*analysis.Analyzer{factProbe}
	text := func(g *checker.Graph) string {
		var out []string
		for act := range g.All() {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, d := range act.Diagnostics {
				out = append(out, fmt.Sprintf("%s %v %s: %s", act.Analyzer.Name, act.IsRoot, act.Package.PkgPath, d.Message))
			}
		}
		return strings.Join(out, "\n")
	}

	want, err := checker.Analyze(analyzers, load(), nil)
	if err != nil {
		t.Fatal(err)
	}

	roots := load()
	all := func(*packages.Package) bool { return true }
	r := newRunner(analyzers, roots, all, all)
	var order []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) { order = append(order, p) })
	for _, p := range order {
		r.run(p)
	}
	got := r.graph(nil)

	if g, w := text(got), text(want); g != w {
		t.Errorf("runner's reports differ from checker's:\n%s\nwant:\n%s", g, w)
	}
	// What the expectation rests on, in case checker changes: a sees b's
	// exported function and its variables and, from c, only methods, fields,
	// types and constants; d imports c and sees its exported function and its
	// variables too (checker keeps every package-level variable of a direct
	// import).
	for _, c := range []struct {
		pkg       string
		sees, not []string
	}{
		{"example.com/m/a", []string{"object b.B", "object b.W", "object c.M", "object c.m", "object c.Field", "object c.T", "object c.K", "package c"}, []string{"object b.b", "object c.F", "object c.V", "object c.v", "object c.f"}},
		{"example.com/m/d", []string{"object c.F", "object c.V", "object c.v", "object b.B"}, []string{"object c.f", "object b.b"}},
	} {
		i := slices.IndexFunc(got.Roots, func(act *checker.Action) bool { return act.Package.PkgPath == c.pkg })
		if i < 0 || len(got.Roots[i].Diagnostics) != 1 {
			t.Fatalf("%s: no report", c.pkg)
		}
		seen := strings.Split(got.Roots[i].Diagnostics[0].Message, "; ")
		for _, s := range c.sees {
			if !slices.Contains(seen, s) {
				t.Errorf("%s does not see %q; sees %v", c.pkg, s, seen)
			}
		}
		for _, s := range c.not {
			if slices.Contains(seen, s) {
				t.Errorf("%s sees %q", c.pkg, s)
			}
		}
	}
}
