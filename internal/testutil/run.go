package testutil

import (
	"bytes"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// CheckGoldens checks the fix goldens of the analysistest packages pkgs (under
// Fixtures, so generated variants too): each .go.golden file is gofmt-clean, the package made of them (and
// of its .go files that have no golden, unchanged) type-checks against the
// library stubs and the package's own vendor/ tree, and a reports nothing with a
// fix there, so applying the fixes a second time changes nothing.
func CheckGoldens(t *testing.T, a *analysis.Analyzer, pkgs ...string) {
	t.Helper()
	src := filepath.Join(Fixtures(t), "src")
	gopath := t.TempDir()
	for _, stub := range []string{"github.com/confluentinc", "gopkg.in/confluentinc", "github.com/IBM", "github.com/Shopify", "github.com/twmb", "github.com/segmentio"} {
		copyTree(t, filepath.Join(src, stub), filepath.Join(gopath, "src", stub))
	}
	for _, pkg := range pkgs {
		goldens, _ := filepath.Glob(filepath.Join(src, pkg, "*.go.golden"))
		if len(goldens) == 0 {
			t.Fatalf("%s: no .go.golden files", pkg)
		}
		for _, g := range goldens {
			content, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			if formatted, err := format.Source(content); err != nil || !bytes.Equal(formatted, content) {
				t.Errorf("%s is not gofmt-clean (%v)", g, err)
			}
			dst := filepath.Join(gopath, "src", pkg, strings.TrimSuffix(filepath.Base(g), ".golden"))
			write(t, dst, content)
		}
		files, _ := filepath.Glob(filepath.Join(src, pkg, "*.go"))
		for _, f := range files {
			if _, err := os.Stat(f + ".golden"); err == nil {
				continue
			}
			content, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(gopath, "src", pkg, filepath.Base(f)), content)
		}
		if vendor := filepath.Join(src, pkg, "vendor"); isDir(vendor) {
			copyTree(t, vendor, filepath.Join(gopath, "src", pkg, "vendor"))
		}
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  gopath,
		Env:  append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	loaded, err := packages.Load(cfg, pkgs...)
	if err != nil {
		t.Fatal(err)
	}
	packages.Visit(loaded, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("golden does not compile: %v", e)
		}
	})
	if t.Failed() {
		return
	}
	res, err := checker.Analyze([]*analysis.Analyzer{a}, loaded, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: after the fixes, still reported with a fix: %s", act.Package.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

func copyTree(t *testing.T, from, to string) {
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		write(t, filepath.Join(to, rel), content)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path string, content []byte) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
}

// RunIllTyped runs a (and its requirements) on src, which may have syntax and
// type errors, as editors do with code being written, and fails the test if the
// run returns an error; a panic fails it too.
func RunIllTyped(t *testing.T, a *analysis.Analyzer, src string) []analysis.Diagnostic {
	t.Helper()
	diags, err := RunPartial(Fixtures(t), []*analysis.Analyzer{a}, []byte(src))
	if err != nil {
		t.Fatalf("%s on ill-typed code: %v", a.Name, err)
	}
	return diags
}
