package analyzer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/analyzer"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestFixAudit applies every suggested fix of every analyzer's golden
// fixtures (the packages with .go.golden files) alone, and fails when one
// deletes or reorders a statement that is not the reported one
// (testutil.AuditFixes): fixes never delete or reorder user code.
func TestFixAudit(t *testing.T) {
	src := filepath.Join(testutil.TestData(t), "src")
	goldens, _ := filepath.Glob(filepath.Join(src, "*", "*", "*.go.golden"))
	byName := make(map[string][]string) // analyzer -> its golden packages
	for _, g := range goldens {
		rel, _ := filepath.Rel(src, filepath.Dir(g))
		pkg := filepath.ToSlash(rel)
		name := strings.Split(pkg, "/")[0]
		if list := byName[name]; len(list) == 0 || list[len(list)-1] != pkg {
			byName[name] = append(byName[name], pkg)
		}
	}
	total := 0
	for _, a := range analyzer.NewAnalyzers() {
		pkgs := byName[a.Name]
		if len(pkgs) == 0 {
			continue
		}
		delete(byName, a.Name)
		fixes, problems := testutil.AuditFixes(t, a, pkgs...)
		if fixes == 0 {
			t.Errorf("%s: no suggested fix on its goldens %v: the audit checks nothing", a.Name, pkgs)
		}
		total += fixes
		for _, p := range problems {
			t.Errorf("%s: %s", a.Name, p)
		}
	}
	for name := range byName {
		t.Errorf("testdata/src/%s has goldens but is no analyzer of the suite", name)
	}
	t.Logf("%d fixes audited", total)
}
