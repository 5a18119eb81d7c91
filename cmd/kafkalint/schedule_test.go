package main

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSlots: a freed slot goes to the waiter with the highest priority, and
// among equal priorities to the first to wait; a slot nobody waits for is free
// again.
func TestSlots(t *testing.T) {
	s := newSlots(1)
	s.acquire(0)
	got := make(chan string)
	waiting := func(n int) bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.waiting) == n
	}
	for i, w := range []struct {
		name string
		prio int64
	}{{"low", 1}, {"high", 9}, {"mid-first", 5}, {"mid-second", 5}} {
		go func() {
			s.acquire(w.prio)
			got <- w.name
		}()
		for !waiting(i + 1) { // the order of waiting is part of the test
			runtime.Gosched()
		}
	}
	var order []string
	for range 4 {
		s.release()
		order = append(order, <-got)
	}
	if want := []string{"high", "mid-first", "mid-second", "low"}; !slices.Equal(order, want) {
		t.Errorf("slots handed out in the order %q, want %q", order, want)
	}
	s.release()
	s.acquire(0) // free again: does not wait
}

// TestCriticalPaths: a package's priority is its source's bytes plus the
// longest chain of packages waiting for it, importers and the test variant
// analysed after it, and packages from export data have none.
func TestCriticalPaths(t *testing.T) {
	dir := t.TempDir()
	pkg := func(id string, size int, imports ...*packages.Package) *packages.Package {
		name := filepath.Join(dir, strings.NewReplacer("/", "_", " ", "_").Replace(id)+".go")
		if err := os.WriteFile(name, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		p := &packages.Package{ID: id, CompiledGoFiles: []string{name}, Imports: make(map[string]*packages.Package)}
		for _, imp := range imports {
			p.Imports[imp.ID] = imp
		}
		return p
	}
	dep := pkg("dep", 1000)                          // export data
	lib := pkg("ex/lib", 100, dep)                   // imported by app and cmd
	variant := pkg("ex/lib [ex/lib.test]", 300, dep) // analysed after lib
	app := pkg("ex/app", 10, lib)
	cmd := pkg("ex/cmd", 20, app)
	tool := pkg("ex/tool", 50, lib)
	all := []*packages.Package{dep, lib, variant, app, cmd, tool}
	src := map[*packages.Package]bool{lib: true, variant: true, app: true, cmd: true, tool: true}
	got := criticalPaths(all, src, map[*packages.Package]*packages.Package{variant: lib})
	want := map[*packages.Package]int64{
		lib:     100 + 300, // the variant's chain is longer than app's, cmd's (30) or tool's (50)
		variant: 300,
		app:     30,
		cmd:     20,
		tool:    50,
	}
	for p, n := range want {
		if got[p] != n {
			t.Errorf("criticalPaths[%s] = %d, want %d", p.ID, got[p], n)
		}
	}
	if n, ok := got[dep]; ok {
		t.Errorf("criticalPaths[dep] = %d, want no entry for a package from export data", n)
	}
}
