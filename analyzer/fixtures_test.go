package analyzer_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
	"github.com/kafkalint/kafkalint/internal/saramaapi"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestFixturesInStep: a pass's gopkg.in fixtures are its v1 fixtures on the
// other import path, so that a case added to one is not forgotten in the
// other. Every directory named gopkgin under testdata/src/PASS, at any depth,
// is the copy of its v1 sibling (PASS/v1, PASS/xpkg/v1) or, where there is
// none, of its parent (a tree of packages, revokecommit/tracer and
// revokecommit/tracer/gopkgin). Each file in it, in its subpackages too, that
// has a namesake in the v1 tree must equal it from its imports on, once the
// library's import path and the tree's own packages' paths are rewritten.
func TestFixturesInStep(t *testing.T) {
	src := filepath.Join(testutil.TestData(t), "src")
	var dirs []string
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "gopkgin" && filepath.Dir(filepath.Dir(path)) != filepath.Dir(src) {
			dirs = append(dirs, path) // not testdata/src/gopkg.in's own tree
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no gopkgin fixtures")
	}
	compared, trees := 0, 0
	for _, dir := range dirs {
		parent := filepath.Dir(dir)
		v1 := filepath.Join(parent, "v1")
		if fi, err := os.Stat(v1); err != nil || !fi.IsDir() {
			v1 = parent
		}
		relDir, _ := filepath.Rel(src, dir)
		relV1, _ := filepath.Rel(src, v1)
		// Import paths of the tree's own packages: PASS/x/gopkgin/p is the
		// copy of PASS/x/v1/p, or of PASS/x/p.
		fromPath := filepath.ToSlash(relDir) + "/"
		toPath := filepath.ToSlash(relV1) + "/"
		n := compared
		err := filepath.WalkDir(dir, func(f string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(f, ".go") {
				return err
			}
			rel, _ := filepath.Rel(dir, f)
			want, err := os.ReadFile(filepath.Join(v1, rel))
			if err != nil {
				return nil // a case of the gopkg.in path only
			}
			got, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			g := strings.ReplaceAll(string(got), kafkaapi.PathGopkgV1, kafkaapi.PathV1)
			g = strings.ReplaceAll(g, `"`+fromPath, `"`+toPath)
			if fromImports(g) != fromImports(string(want)) {
				rel, _ := filepath.Rel(src, f)
				t.Errorf("%s differs from its v1 namesake beyond the import paths", rel)
			}
			compared++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if compared > n && v1 == parent {
			trees++
		}
	}
	if compared == 0 {
		t.Fatal("no gopkgin fixture has a v1 namesake")
	}
	if trees == 0 {
		t.Fatal("no gopkgin tree of packages (PASS/x/gopkgin/p) was compared")
	}
}

// TestSaramaFixturesInStep: a sarama pass's Shopify fixtures are its IBM
// fixtures on the other import path, file by file.
func TestSaramaFixturesInStep(t *testing.T) {
	src := filepath.Join(testutil.TestData(t), "src")
	dirs, _ := filepath.Glob(filepath.Join(src, "*", "shopify"))
	compared := 0
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			want, err := os.ReadFile(filepath.Join(filepath.Dir(dir), "ibm", filepath.Base(f)))
			if err != nil {
				continue // a case of the Shopify path only
			}
			got, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			g := fromImports(strings.ReplaceAll(string(got), saramaapi.PathShopify, saramaapi.PathIBM))
			if g != fromImports(string(want)) {
				rel, _ := filepath.Rel(src, f)
				t.Errorf("%s differs from its ibm namesake beyond the import path", rel)
			}
			compared++
		}
	}
	if compared == 0 {
		t.Fatal("no shopify fixture has an ibm namesake")
	}
}

// fromImports returns a Go file's text from its first import declaration on.
func fromImports(s string) string {
	if i := strings.Index(s, "\nimport "); i >= 0 {
		return s[i:]
	}
	return s
}

// TestGoldensCompile: every analysistest package with fix goldens is also
// type-checked by testutil.CheckGoldens in its pass's tests, so that no fix
// is checked only as text.
func TestGoldensCompile(t *testing.T) {
	root := filepath.Join(testutil.TestData(t), "..")
	src := filepath.Join(testutil.TestData(t), "src")
	goldens, _ := filepath.Glob(filepath.Join(src, "*", "*", "*.go.golden"))
	if len(goldens) == 0 {
		t.Fatal("no fix goldens")
	}
	checkCall := regexp.MustCompile(`(?s)testutil\.CheckGoldens\([^)]*\)`)
	quoted := regexp.MustCompile(`"([^"]+)"`)
	seen := make(map[string]bool)
	for _, g := range goldens {
		rel, _ := filepath.Rel(src, filepath.Dir(g))
		pkg := filepath.ToSlash(rel)
		if seen[pkg] {
			continue
		}
		seen[pkg] = true
		pass := strings.Split(pkg, "/")[0]
		tests, _ := filepath.Glob(filepath.Join(root, "passes", pass, "*_test.go"))
		checked := false
		for _, f := range tests {
			content, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, call := range checkCall.FindAllString(string(content), -1) {
				for _, m := range quoted.FindAllStringSubmatch(call, -1) {
					checked = checked || m[1] == pkg
				}
			}
		}
		if !checked {
			t.Errorf("testdata/src/%s has fix goldens that no testutil.CheckGoldens call in passes/%s type-checks", pkg, pass)
		}
	}
}

// TestFactCitations: every "docs/library-facts.md, Fn" in the Go sources names a
// fact of that page ("## Fn." heading).
func TestFactCitations(t *testing.T) {
	root := filepath.Join(testutil.TestData(t), "..")
	facts, err := os.ReadFile(filepath.Join(root, "docs", "library-facts.md"))
	if err != nil {
		t.Fatal(err)
	}
	cite := regexp.MustCompile(`library-facts\.md, ([FS]\d+)(?: (?:and|to) ([FS]\d+))?`)
	cited := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		content, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range cite.FindAllStringSubmatch(string(content), -1) {
			for _, f := range m[1:] {
				if f == "" {
					continue
				}
				cited++
				if !strings.Contains(string(facts), "\n## "+f+". ") {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s cites %s, which docs/library-facts.md does not have", rel, f)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited == 0 {
		t.Fatal("no Go file cites docs/library-facts.md")
	}
}
