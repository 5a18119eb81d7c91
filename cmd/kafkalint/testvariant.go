package main

// Test variants. With tests (the default), go list gives a package p that has
// in-package tests twice: p itself, and its test variant "p [p.test]", whose files
// are p's and its _test.go files. Both are requested, both reach the library, and
// both are type-checked and analysed; text output prints each report once (the
// checker's printer drops a report seen at the same position, from the same
// analyzer, with the same message), so the reports of p's files come from
// whichever of the two is printed first, p. The -json output lists packages
// separately, and keeps both.
//
// In text mode the command leaves p out, unless that could change what is printed,
// and prints the reports of p's files from its test variant's analysis where p's
// would have been printed. p's analysis is redundant when
//
//   - p's files are a subset of the variant's (always: go list builds the variant
//     from p's files and the in-package test files);
//   - no other package analysed needs p: nothing in the graph imports p (a package
//     that does would see p's facts, and so needs p's analysis; and p would be
//     type-checked anyway), and p and its variant have no errors (the line for a
//     broken package is printed for each);
//   - the test files cannot change what the analyzers find in p's files. The
//     analyzers start from what the code does with a client (calls of its
//     functions and methods, its types) and follow it within the package through
//     the declarations that code names (valueflow's traces go into the functions
//     it calls and back to every call of a function whose parameter they trace;
//     escape asks where a value goes). So the test files are inert when no
//     declaration they name is connected, through the declarations of p's files
//     that name each other, to one that names something of a package that reaches
//     a client; when they name nothing of such a package themselves; when p's
//     files name nothing the test files declare (p would not type-check alone);
//     and when they hold no //kafkalint: directive. A test of a function that
//     parses a message key, say, is inert; a test that calls the function that
//     creates the consumer, or passes it a fake, is not, and then both are
//     analysed, as before.
//
// p is then neither type-checked nor analysed: on a module whose main packages
// have tests, the cost of analysing each of them once instead of twice. The check
// reads the variant's types, so a candidate p waits for its variant to be
// type-checked; a test file that imports a package reaching a client (read from
// its import clause before any type-checking) rules p out at once, and p is then
// type-checked alongside its variant, as before.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// coverCandidates returns the requested packages (roots) that may be left out for
// their in-package test variant, also requested: those that no package of all
// imports, that have no listing errors, nor has their variant, and whose test
// files import no package that reaches a client (read from the files' import
// clauses: such tests are not inert, and the package need not wait for its
// variant to be type-checked to know it).
func coverCandidates(roots, all []*packages.Package, reaches func(*packages.Package) bool) map[*packages.Package]*packages.Package {
	byID := make(map[string]*packages.Package)
	for _, p := range roots {
		byID[p.ID] = p
	}
	imported := make(map[*packages.Package]bool)
	for _, p := range all {
		for _, imp := range p.Imports {
			imported[imp] = true
		}
	}
	candidates := make(map[*packages.Package]*packages.Package)
	for _, p := range roots {
		variant := byID[p.ID+" ["+p.ID+".test]"]
		if variant == nil || strings.Contains(p.ID, " ") || imported[p] || len(p.Errors) > 0 || len(variant.Errors) > 0 ||
			testsImportClient(p, variant, reaches) {
			continue
		}
		candidates[p] = variant
	}
	return candidates
}

// testsImportClient reports whether a test file of variant, the test variant of
// p, imports a package that reaches a client (or cannot be read).
func testsImportClient(p, variant *packages.Package, reaches func(*packages.Package) bool) bool {
	for _, name := range variant.CompiledGoFiles {
		if slices.Contains(p.CompiledGoFiles, name) {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			return true
		}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if imp := variant.Imports[path]; err != nil || imp != nil && reaches(imp) {
				return true
			}
		}
	}
	return false
}

// testsInert reports whether the in-package test files of variant, the test
// variant of p, type-checked, cannot change what the analyzers find in p's
// files (see the top of this file). clientPaths holds the paths of the packages
// that reach a client.
func testsInert(p, variant *packages.Package, clientPaths map[string]bool) bool {
	if variant.IllTyped || len(variant.Errors) > 0 || variant.TypesInfo == nil || len(variant.Syntax) != len(variant.CompiledGoFiles) {
		return false
	}
	own := make(map[string]bool)
	for _, name := range p.CompiledGoFiles {
		own[name] = true
	}
	fset := variant.Fset
	// decls are the top-level declarations of p's files, by file, in order.
	type span struct{ pos, end token.Pos }
	decls := make(map[*token.File][]span)
	var testFiles []*ast.File
	for _, f := range variant.Syntax {
		tf := fset.File(f.Pos())
		if tf == nil {
			return false
		}
		if !own[tf.Name()] {
			testFiles = append(testFiles, f)
			continue
		}
		delete(own, tf.Name())
		ds := make([]span, 0, len(f.Decls))
		for _, d := range f.Decls {
			ds = append(ds, span{d.Pos(), d.End()})
		}
		decls[tf] = ds
	}
	if len(own) > 0 { // a file of p that the variant does not have
		return false
	}
	for _, f := range testFiles {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//kafkalint:") {
					return false
				}
			}
		}
	}
	// declOf returns the index of the declaration of p's files that holds pos
	// (a file's declarations are numbered after the previous files'), or -1 for
	// a position in a test file.
	base := make(map[*token.File]int)
	n := 0
	for _, f := range variant.Syntax {
		if tf := fset.File(f.Pos()); decls[tf] != nil {
			base[tf] = n
			n += len(decls[tf])
		}
	}
	declOf := func(pos token.Pos) int {
		tf := fset.File(pos)
		ds, ok := decls[tf]
		if !ok {
			return -1
		}
		i := sort.Search(len(ds), func(i int) bool { return ds[i].end > pos })
		if i == len(ds) || pos < ds[i].pos {
			return -2 // between declarations (the package clause, imports): no declaration
		}
		return base[tf] + i
	}

	parent := make([]int, n) // union-find of p's declarations that name each other
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	seeds := make([]bool, n)  // declarations that name something of a package reaching a client
	tested := make([]bool, n) // declarations the test files name
	for id, obj := range variant.TypesInfo.Uses {
		user := declOf(id.Pos())
		var from *types.Package
		if pn, ok := obj.(*types.PkgName); ok {
			from = pn.Imported()
		} else {
			from = obj.Pkg()
		}
		switch {
		case from == nil || user == -2:
			continue
		case from != variant.Types:
			if clientPaths[from.Path()] {
				if user == -1 {
					return false // the tests use a client, or a package that does
				}
				seeds[user] = true
			}
			continue
		}
		decl := declOf(obj.Pos())
		switch {
		case decl == -1 && user >= 0:
			return false // p's files name what a test file declares
		case decl < 0:
			continue // within the test files
		case user == -1:
			tested[decl] = true
		default:
			parent[find(user)] = find(decl)
		}
	}
	client := make(map[int]bool)
	for i, s := range seeds {
		if s {
			client[find(i)] = true
		}
	}
	for i, t := range tested {
		if t && client[find(i)] {
			return false
		}
	}
	return true
}

// coveredGraph returns the graph to print in text mode: the actions of graph, in
// the order checker.Analyze(analyzers, order) would have returned them, where
// each covered package's actions are stand-ins carrying the reports of its test
// variant's actions that fall in its own files. Printed, it is the text output of
// the analysis of every package of order: the printer visits the actions in the
// same order and meets the same reports, each stand-in's dependencies being the
// actions the covered package's action would have had.
func coveredGraph(analyzers []*analysis.Analyzer, graph *checker.Graph, order []*packages.Package, covered map[*packages.Package]*packages.Package) *checker.Graph {
	type key struct {
		a *analysis.Analyzer
		p *packages.Package
	}
	real := make(map[key]*checker.Action)
	for act := range graph.All() {
		real[key{act.Analyzer, act.Package}] = act
	}
	isRoot := make(map[*analysis.Analyzer]bool)
	for _, a := range analyzers {
		isRoot[a] = true
	}
	standIns := make(map[key]*checker.Action)
	var standIn func(a *analysis.Analyzer, p *packages.Package) *checker.Action
	standIn = func(a *analysis.Analyzer, p *packages.Package) *checker.Action {
		k := key{a, p}
		if act := standIns[k]; act != nil {
			return act
		}
		variant := real[key{a, covered[p]}]
		act := &checker.Action{Analyzer: a, Package: p, IsRoot: isRoot[a]}
		standIns[k] = act
		if variant != nil {
			act.Err = variant.Err
			own := make(map[string]bool)
			for _, name := range p.CompiledGoFiles {
				own[name] = true
			}
			for _, d := range variant.Diagnostics {
				if own[p.Fset.Position(d.Pos).Filename] {
					act.Diagnostics = append(act.Diagnostics, d)
				}
			}
		}
		for _, req := range a.Requires {
			act.Deps = append(act.Deps, standIn(req, p))
		}
		if len(a.FactTypes) > 0 {
			paths := make([]string, 0, len(p.Imports))
			for path := range p.Imports {
				paths = append(paths, path)
			}
			sort.Strings(paths)
			for _, path := range paths {
				if dep := real[key{a, p.Imports[path]}]; dep != nil {
					act.Deps = append(act.Deps, dep)
				}
			}
		}
		return act
	}
	var roots []*checker.Action
	for _, a := range analyzers {
		for _, p := range order {
			if covered[p] != nil {
				roots = append(roots, standIn(a, p))
			} else if act := real[key{a, p}]; act != nil {
				roots = append(roots, act)
			}
		}
	}
	return &checker.Graph{Roots: slices.Clip(roots)}
}
