package main

// The standalone command's analysis: the actions of go/analysis/checker, run on
// each package as soon as the loader has type-checked it, and the package's
// syntax, type information and analyzer results dropped when its last action is
// done. checker.Analyze keeps all of these until it returns (its own TODO: "clear
// them earlier, so we can release large data structures like SSA sooner"), so
// under it the command held every reaching package's syntax, types.Info and SSA
// form at once, more than a do-nothing analyzer holds (bench/RESULTS.md). Run as
// the packages are loaded, the command holds the types and facts of what it has
// analysed and the syntax of the packages in progress only.
//
// The outcome is a checker.Graph of the same actions checker.Analyze would build
// (the same analyzers on the same packages, the same requirements and fact edges,
// in the same order), so that the command prints it as checker would (-json with
// checker's printer, text with print.go's, which adds the analyzer's name): its
// Results are not kept, which nothing in the command reads. What a pass sees
// is what checker gives it: the same Pass fields, the facts of the same
// dependencies (filtered as checker's inheritance filters them), the same errors
// for failed prerequisites and ill-typed packages. Two of checker's steps live in
// x/tools' internal packages and are left out: resolving a report's URL (none of
// the command's outputs prints it) and asserting that suggested fixes are well
// formed (the analyzers' golden tests apply every fix). The command's tests compare
// its reports with the general driver's (multichecker on a full load) byte for
// byte on every testdata tree (pruned_test.go).

import (
	"fmt"
	"go/ast"
	"go/types"
	"log"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// A runner runs the actions of one command's analysis, package by package.
type runner struct {
	roots   []*checker.Action
	actions map[*packages.Package][]*checker.Action // each package's actions, requirements first
	edges   map[*packages.Package][]*packages.Package
	checked func(*packages.Package) bool // whether the loader type-checks the package (and runs its actions)

	mu       sync.Mutex
	objFacts map[objectFactKey]analysis.Fact
	pkgFacts map[packageFactKey]analysis.Fact
	ran      map[*packages.Package]*sync.Once // for the packages the loader does not type-check
}

type objectFactKey struct {
	a   *analysis.Analyzer
	obj types.Object
	typ reflect.Type
}

type packageFactKey struct {
	a   *analysis.Analyzer
	pkg *types.Package
	typ reflect.Type
}

// newRunner builds the actions of analyzers on pkgs as checker.Analyze does: each
// analyzer on each package, its requirements on the same package and, for an
// analyzer with facts, itself on the package's imports; imports that do not
// reach a client (reaches) are left out, as the loader leaves them out of the
// graph it used to hand to checker.Analyze.
func newRunner(analyzers []*analysis.Analyzer, pkgs []*packages.Package, reaches, checked func(*packages.Package) bool) *runner {
	r := &runner{
		checked:  checked,
		actions:  make(map[*packages.Package][]*checker.Action),
		edges:    make(map[*packages.Package][]*packages.Package),
		objFacts: make(map[objectFactKey]analysis.Fact),
		pkgFacts: make(map[packageFactKey]analysis.Fact),
		ran:      make(map[*packages.Package]*sync.Once),
	}
	edges := func(p *packages.Package) []*packages.Package {
		if e, ok := r.edges[p]; ok {
			return e
		}
		paths := make([]string, 0, len(p.Imports))
		for path, imp := range p.Imports {
			if reaches(imp) {
				paths = append(paths, path)
			}
		}
		sort.Strings(paths) // checker's order
		e := make([]*packages.Package, len(paths))
		for i, path := range paths {
			e[i] = p.Imports[path]
		}
		r.edges[p] = e
		return e
	}
	type key struct {
		a *analysis.Analyzer
		p *packages.Package
	}
	made := make(map[key]*checker.Action)
	var mk func(a *analysis.Analyzer, p *packages.Package) *checker.Action
	mk = func(a *analysis.Analyzer, p *packages.Package) *checker.Action {
		if act, ok := made[key{a, p}]; ok {
			return act
		}
		act := &checker.Action{Analyzer: a, Package: p}
		for _, req := range a.Requires {
			act.Deps = append(act.Deps, mk(req, p))
		}
		if len(a.FactTypes) > 0 {
			for _, imp := range edges(p) {
				act.Deps = append(act.Deps, mk(a, imp))
			}
		}
		made[key{a, p}] = act
		r.actions[p] = append(r.actions[p], act) // after its requirements
		return act
	}
	for _, a := range analyzers {
		for _, p := range pkgs {
			act := mk(a, p)
			act.IsRoot = true
			r.roots = append(r.roots, act)
		}
	}
	for p := range r.actions {
		edges(p)
	}
	return r
}

// graph returns the analysis as checker.Analyze returns it, without the
// packages in skipped (never analysed).
func (r *runner) graph(skipped map[*packages.Package]bool) *checker.Graph {
	roots := slices.DeleteFunc(slices.Clone(r.roots), func(act *checker.Action) bool { return skipped[act.Package] })
	return &checker.Graph{Roots: slices.Clip(roots)}
}

// has reports whether p has actions.
func (r *runner) has(p *packages.Package) bool { return len(r.actions[p]) > 0 }

// run runs p's actions, after those of the imports the loader does not
// type-check (the library's package, read from export data: the analyzers see
// it with no files); those of the imports it type-checks have run already.
func (r *runner) run(p *packages.Package) {
	for _, imp := range r.edges[p] {
		if !r.checked(imp) {
			r.runOnce(imp)
		}
	}
	if p.Syntax == nil { // not parsed (its sources are missing) or not type-checked
		p.Syntax = []*ast.File{}
	}
	if p.TypesInfo == nil {
		p.TypesInfo = newTypesInfo(0)
	}
	visible := r.closure(p)
	results := make(map[*checker.Action]any)
	for _, act := range r.actions[p] {
		r.exec(act, results, visible)
	}
}

// runOnce runs the actions of a package the loader does not type-check, once.
func (r *runner) runOnce(p *packages.Package) {
	r.mu.Lock()
	once := r.ran[p]
	if once == nil {
		once = new(sync.Once)
		r.ran[p] = once
	}
	r.mu.Unlock()
	once.Do(func() { r.run(p) })
}

// closure returns the types of p and of the packages whose facts reach p's
// actions: its reaching imports, transitively.
func (r *runner) closure(p *packages.Package) map[*types.Package]bool {
	c := map[*types.Package]bool{p.Types: true}
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		for _, imp := range r.edges[q] {
			if !c[imp.Types] {
				c[imp.Types] = true
				visit(imp)
			}
		}
	}
	visit(p)
	return c
}

// direct reports whether pkg is p's own package or a reaching import of it.
func (r *runner) direct(p *packages.Package, pkg *types.Package) bool {
	if pkg == p.Types {
		return true
	}
	for _, imp := range r.edges[p] {
		if imp.Types == pkg {
			return true
		}
	}
	return false
}

// exec runs one action as checker's Action.execOnce does, its requirements'
// results taken from (and its own result stored in) results.
func (r *runner) exec(act *checker.Action, results map[*checker.Action]any, visible map[*types.Package]bool) {
	var failed []string
	for _, dep := range act.Deps {
		if dep.Err != nil {
			failed = append(failed, dep.String())
		}
	}
	if failed != nil {
		sort.Strings(failed)
		act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(failed, ", "))
		return
	}
	inputs := make(map[*analysis.Analyzer]any)
	for _, dep := range act.Deps {
		if dep.Package == act.Package {
			inputs[dep.Analyzer] = results[dep]
		}
	}
	p := act.Package
	module := &analysis.Module{} // possibly empty (non nil), as in go/analysis drivers
	if m := p.Module; m != nil {
		module = moduleOf(m)
	}
	a := act.Analyzer
	running := true
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         p.Fset,
		Files:        p.Syntax,
		OtherFiles:   p.OtherFiles,
		IgnoredFiles: p.IgnoredFiles,
		Pkg:          p.Types,
		TypesInfo:    p.TypesInfo,
		TypesSizes:   p.TypesSizes,
		TypeErrors:   p.TypeErrors,
		Module:       module,
		ResultOf:     inputs,
		Report:       func(d analysis.Diagnostic) { act.Diagnostics = append(act.Diagnostics, d) },
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			if obj == nil {
				panic("nil object")
			}
			return r.visibleFact(p, visible, obj) && lookupFact(&r.mu, r.objFacts, objectFactKey{a, obj, factType(ptr)}, ptr)
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if !running {
				log.Panicf("%s: Pass.ExportObjectFact(%s, %T) called after Run", act, obj, fact)
			}
			if obj.Pkg() != p.Types {
				log.Panicf("internal error: in analysis %s of package %s: Fact.Set(%s, %T): can't set facts on objects belonging another package", a, p, obj, fact)
			}
			r.mu.Lock()
			r.objFacts[objectFactKey{a, obj, factType(fact)}] = fact
			r.mu.Unlock()
		},
		ImportPackageFact: func(pkg *types.Package, ptr analysis.Fact) bool {
			if pkg == nil {
				panic("nil package")
			}
			return visible[pkg] && lookupFact(&r.mu, r.pkgFacts, packageFactKey{a, pkg, factType(ptr)}, ptr)
		},
		ExportPackageFact: func(fact analysis.Fact) {
			if !running {
				log.Panicf("%s: Pass.ExportPackageFact(%T) called after Run", act, fact)
			}
			r.mu.Lock()
			r.pkgFacts[packageFactKey{a, p.Types, factType(fact)}] = fact
			r.mu.Unlock()
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			r.mu.Lock()
			defer r.mu.Unlock()
			var facts []analysis.ObjectFact
			for k, fact := range r.objFacts {
				if k.a == a && r.visibleFactLocked(p, visible, k.obj) {
					facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: fact})
				}
			}
			return facts
		},
		AllPackageFacts: func() []analysis.PackageFact {
			r.mu.Lock()
			defer r.mu.Unlock()
			var facts []analysis.PackageFact
			for k, fact := range r.pkgFacts {
				if k.a == a && visible[k.pkg] {
					facts = append(facts, analysis.PackageFact{Package: k.pkg, Fact: fact})
				}
			}
			return facts
		},
	}
	pass.ReadFile = func(name string) ([]byte, error) {
		if !readable(pass, name) {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
		}
		return os.ReadFile(name)
	}

	if p.IllTyped && !a.RunDespiteErrors {
		act.Err = fmt.Errorf("analysis skipped due to errors in package")
	} else if result, err := a.Run(pass); err != nil {
		act.Err = err
	} else if got, want := reflect.TypeOf(result), a.ResultType; got != want {
		act.Err = fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v", pass.Pkg.Path(), pass.Analyzer, got, want)
	} else {
		results[act] = result
	}
	running = false
}

// lookupFact copies the fact stored under k into ptr, as a pass's Import*Fact
// does, and reports whether there was one.
func lookupFact[K comparable](mu *sync.Mutex, facts map[K]analysis.Fact, k K, ptr analysis.Fact) bool {
	mu.Lock()
	v, ok := facts[k]
	mu.Unlock()
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
	}
	return ok
}

// visibleFact reports whether an object fact about obj reaches package p: as
// checker passes facts from a package to its importers, the facts about a
// package's own objects, those about the objects of a reaching import that
// appear in its export data, and from further imports only those about
// methods, fields, types and constants.
func (r *runner) visibleFact(p *packages.Package, visible map[*types.Package]bool, obj types.Object) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.visibleFactLocked(p, visible, obj)
}

func (r *runner) visibleFactLocked(p *packages.Package, visible map[*types.Package]bool, obj types.Object) bool {
	pkg := obj.Pkg()
	switch {
	case pkg == p.Types:
		return true
	case !visible[pkg]:
		return false
	case r.direct(p, pkg) && exportedFrom(obj, pkg):
		return true
	}
	return exportedFrom(obj, nil)
}

// exportedFrom is checker's filter of the facts an importer inherits from pkg:
// those about objects pkg's export data holds (with pkg nil: about objects of
// packages further away).
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

func factType(fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if t.Kind() != reflect.Pointer {
		log.Fatalf("invalid Fact type: got %T, want pointer", fact)
	}
	return t
}

// readable is the Pass.ReadFile policy: the package's files only.
func readable(pass *analysis.Pass, name string) bool {
	if slices.Contains(pass.OtherFiles, name) || slices.Contains(pass.IgnoredFiles, name) {
		return true
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.FileStart).Name() == name {
			return true
		}
	}
	return false
}

// moduleOf is checker's analysis.Module of a packages.Module.
func moduleOf(m *packages.Module) *analysis.Module {
	if m == nil {
		return nil
	}
	var err *analysis.ModuleError
	if m.Error != nil {
		err = &analysis.ModuleError{Err: m.Error.Err}
	}
	return &analysis.Module{
		Path:      m.Path,
		Version:   m.Version,
		Replace:   moduleOf(m.Replace),
		Time:      m.Time,
		Main:      m.Main,
		Indirect:  m.Indirect,
		Dir:       m.Dir,
		GoMod:     m.GoMod,
		GoVersion: m.GoVersion,
		Error:     err,
	}
}
