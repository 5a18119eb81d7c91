package revokecommit_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer,
		"revokecommit/v1", "revokecommit/v2", "revokecommit/gopkgin",
		"revokecommit/vendored", "revokecommit/lookalike", "revokecommit/typeparams",
		"revokecommit/wrapped", "revokecommit/latestore")
}

// TestAllVersions: with the flag, v2 consumers are reported too.
func TestAllVersions(t *testing.T) {
	a := revokecommit.NewAnalyzer()
	if err := a.Flags.Set("allversions", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testutil.TestData(t), a, "revokecommit/allversions/...")
}

// TestVersions runs module-mode trees whose go.mod requires a given library version
// (replaced by the stub): the message must say what happens on that version.
func TestVersions(t *testing.T) {
	for _, v := range []string{"v1_4_0", "v1_7_0", "v1_9_2"} {
		t.Run(v, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(testutil.TestData(t), "versions", v), revokecommit.Analyzer, "./...")
		})
	}
}

// TestFix checks the suggested fixes against the golden files.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, revokecommit.Analyzer, "revokecommit/fix")
}

// TestCrossPackage: handlers, helpers and configurations in other packages,
// carried by facts.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/crosspkg/...")
}

// TestLibrary: a library installs the handler, its callers supply the
// configuration or the consumer: reported in the callers, through facts.
func TestLibrary(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/library/...")
}

// TestSettings: a typed settings struct rendered into a ConfigMap in one
// package, its values chosen in the packages that wire it up.
func TestSettings(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/settings/...")
}

// TestTeams: a team's helpers in other packages (issue 20): a Committer
// interface of its own, and an errgroup-like type that runs the workers.
func TestTeams(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/teams/...")
}
