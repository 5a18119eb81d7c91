package valueflow

import (
	"go/ast"
	"go/importer"
	"go/types"
	"slices"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// imports names, of each of its imports, only what go/ssa needs no package
// for (syscall's constants, time's type) or what it needs one for (a function of
// fmt, a generic function of slices, a variable of os, read and assigned, a
// method of sync).
const imports = `package p

import (
	"fmt"
	"os"
	"slices"
	"sync"
	"syscall"
	"time"
)

var stop = []os.Signal{syscall.SIGINT, syscall.SIGTERM}

var mu sync.Mutex

func f(d time.Duration) string {
	mu.Lock()
	defer mu.Unlock()
	os.Args = append(os.Args, fmt.Sprint(d*time.Second))
	if slices.Contains(os.Args, "-v") {
		return fmt.Sprint(len(stop))
	}
	return ""
}
`

// TestReferencedImports: the SSA form is built with the imports whose functions
// (methods included) or variables the code names, and only those; it builds
// (the graph is not broken) without the others, and calls no function of theirs.
func TestReferencedImports(t *testing.T) {
	pass := testutil.CheckSource(t, importer.Default(), imports)
	fset, pkg, f, info := pass.Fset, pass.Pkg, pass.Files[0], pass.TypesInfo
	var got []string
	for _, p := range referencedImports(pkg, info) {
		got = append(got, p.Path())
	}
	slices.Sort(got)
	if want := []string{"fmt", "os", "slices", "sync"}; !slices.Equal(got, want) {
		t.Errorf("referencedImports = %v, want %v", got, want)
	}
	g := New(fset, pkg, []*ast.File{f}, info, false, nil)
	g.build()
	if g.broken || g.spkg == nil || g.uncreated {
		t.Fatalf("graph broken (%v) or built twice (%v): the SSA form did not build with the referenced imports alone", g.broken, g.uncreated)
	}
	if n := len(g.spkg.Prog.AllPackages()); n != 5 {
		t.Errorf("program has %d packages, want 5 (p, fmt, os, slices, sync)", n)
	}
	for _, p := range g.spkg.Prog.AllPackages() {
		if path := p.Pkg.Path(); path == "syscall" || path == "time" {
			t.Errorf("%s created: the code names only its constants and types", path)
		}
	}

	// Without sync, mu.Lock is a function of an import left out: index notes
	// it, and build would start again with every import.
	var noSync []*types.Package
	for _, p := range pkg.Imports() {
		if p.Path() != "sync" {
			noSync = append(noSync, p)
		}
	}
	g = New(fset, pkg, []*ast.File{f}, info, false, nil)
	if g.spkg = g.buildSSA(noSync); g.spkg == nil {
		t.Fatalf("the SSA form did not build without sync")
	}
	g.index()
	if !g.uncreated {
		t.Errorf("a call of sync.Mutex.Lock without sync created: not noted")
	}
	if g.spkg.Func("f") == nil || len(g.funcs) == 0 {
		t.Errorf("function f not indexed")
	}
}
