package analyzer_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestVariantsNotCopies: the import-path variants of the fixtures
// (testutil.Variants) are generated, so a file committed where generation
// writes one must be a case that really differs on the other path: it fails
// when the committed file equals, from its imports on, what generation would
// write (the package comment above them may say where the copy comes from).
// The generated trees must also be what the tests run on, and each variant's
// tree must hold a package the tests load.
func TestVariantsNotCopies(t *testing.T) {
	src := filepath.Join(testutil.TestData(t), "src")
	generated, err := testutil.Generated(src)
	if err != nil {
		t.Fatal(err)
	}
	fixtures := filepath.Join(testutil.Fixtures(t), "src")
	kept := 0
	for rel, want := range generated {
		committed, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(rel)))
		if err != nil {
			got, err := os.ReadFile(filepath.Join(fixtures, filepath.FromSlash(rel)))
			if err != nil || string(got) != string(want) {
				t.Errorf("%s: the tests do not see the generated file (%v)", rel, err)
			}
			continue
		}
		kept++
		if fromImports(string(committed)) == fromImports(string(want)) {
			t.Errorf("testdata/src/%s is what testutil.Variants generates: delete it", rel)
		}
	}
	if len(generated) == 0 {
		t.Fatal("testutil.Variants generates nothing")
	}
	t.Logf("%d files generated, %d kept by hand", len(generated)-kept, kept)
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
	src := filepath.Join(testutil.Fixtures(t), "src") // generated goldens too
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
