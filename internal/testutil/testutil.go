// Package testutil locates the shared analysistest tree and checks fixed code.
package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestData returns the absolute path of the repository's testdata directory, the
// GOPATH of every analysistest run (analysistest needs it absolute).
func TestData(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate testutil source")
	}
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata")
}

// CheckGoldens verifies, for each fix.go.golden beside a Go file of the GOPATH
// package pkg under TestData, that the fixed package type-checks and that a
// runs on it report nothing: the fix compiles, removes the report, and applying
// it again changes nothing.
func CheckGoldens(t *testing.T, a *analysis.Analyzer, pkg string) {
	t.Helper()
	root := TestData(t)
	dir := filepath.Join(root, "src", filepath.FromSlash(pkg))
	goldens, _ := filepath.Glob(filepath.Join(dir, "*.go.golden"))
	if len(goldens) == 0 {
		t.Fatalf("no golden files in %s", dir)
	}
	overlay := make(map[string][]byte)
	for _, g := range goldens {
		content, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		overlay[strings.TrimSuffix(g, ".golden")] = content
	}
	cfg := &packages.Config{
		Mode:    packages.LoadAllSyntax | packages.NeedModule,
		Dir:     root,
		Env:     append(os.Environ(), "GOPATH="+root, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
		Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, pkg)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("the fixed package %s does not type-check", pkg)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s on the fixed package: %v", a.Name, act.Err)
		}
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s still reports after the fix: %s", act.Package.Fset.Position(d.Pos), a.Name, d.Message)
		}
	}
}
