package configkey_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/analysisutil"
	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/configkey"
)

// TestFixDeletesImport: the fix that turns 3 * time.Second into 3000 also
// deletes the "time" import, which only that value uses (the goldens cannot
// show it: analysistest removes unused imports from the fixed file itself). It
// is checked with and without analysisutil.Inspect among the requirements: with
// it, withImports finds the file through the package's inspector; without,
// it indexes that one file itself.
func TestFixDeletesImport(t *testing.T) {
	withInspect := configkey.NewAnalyzer()
	if !slices.Contains(withInspect.Requires, analysisutil.Inspect) {
		withInspect.Requires = append(slices.Clone(withInspect.Requires), analysisutil.Inspect)
	}
	for _, a := range []*analysis.Analyzer{configkey.Analyzer, withInspect} {
		found := false
		for _, r := range analysistest.Run(t, testutil.Fixtures(t), a, "configkey/fix") {
			fset := r.Action.Package.Fset
			for _, d := range r.Diagnostics {
				if !strings.Contains(d.Message, `becomes "3s"`) {
					continue
				}
				found = true
				if len(d.SuggestedFixes) != 1 {
					t.Fatalf("%s: %d fixes, want 1", fset.Position(d.Pos), len(d.SuggestedFixes))
				}
				deleted := false
				for _, e := range d.SuggestedFixes[0].TextEdits {
					f := fset.File(e.Pos)
					if f == nil || len(e.NewText) != 0 {
						continue
					}
					src, err := os.ReadFile(f.Name())
					if err != nil {
						t.Fatal(err)
					}
					if strings.Contains(string(src[f.Offset(e.Pos):f.Offset(e.End)]), `"time"`) {
						deleted = true
					}
				}
				if !deleted {
					t.Errorf("requires %v: the fix of %s does not delete the \"time\" import", names(a.Requires), fset.Position(d.Pos))
				}
			}
		}
		if !found {
			t.Fatalf("requires %v: no report of 3 * time.Second in configkey/fix", names(a.Requires))
		}
	}
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}
