package revokecommit_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer,
		"revokecommit/v1", "revokecommit/v2", "revokecommit/gopkgin",
		"revokecommit/vendored", "revokecommit/lookalike", "revokecommit/typeparams",
		"revokecommit/wrapped", "revokecommit/latestore", "revokecommit/exits")
}

// TestAllVersions: with the flag, v2 consumers are reported too.
func TestAllVersions(t *testing.T) {
	a := revokecommit.NewAnalyzer()
	if err := a.Flags.Set("allversions", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testutil.Fixtures(t), a, "revokecommit/allversions/...")
}

// TestAllVersionsDecides: the cross-package trees copied to v2 under
// allversions (crosspkg, defaults, provider, library, settings, indirect,
// tracer, generic) are reported only because of the flag. Without it the same packages export the same facts and report
// nothing: every error analysistest raises is a report their want comments
// expect, not an unexpected one or a fact.
func TestAllVersionsDecides(t *testing.T) {
	var got wantsOnly
	analysistest.Run(&got, testutil.Fixtures(t), revokecommit.NewAnalyzer(),
		"revokecommit/allversions/crosspkg/...", "revokecommit/allversions/defaults/...",
		"revokecommit/allversions/provider/...", "revokecommit/allversions/library/...",
		"revokecommit/allversions/settings/...", "revokecommit/allversions/indirect/...",
		"revokecommit/allversions/tracer/...", "revokecommit/allversions/generic/...")
	missing := 0
	for _, e := range got {
		if strings.Contains(e, "no diagnostic was reported matching") && strings.Contains(e, "allversions") {
			missing++
			continue
		}
		t.Error(e)
	}
	if missing != 22 { // the diagnostic wants of the eight trees
		t.Errorf("%d expected reports missing without the flag, want all 22", missing)
	}
}

// wantsOnly collects analysistest's errors instead of failing the test.
type wantsOnly []string

func (w *wantsOnly) Errorf(format string, args ...any) {
	*w = append(*w, fmt.Sprintf(format, args...))
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

// TestPeriodic: category revokenocommit (issue 33), on all three import paths.
func TestPeriodic(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer,
		"revokecommit/periodic", "revokecommit/periodic/gopkgin", "revokecommit/periodic/v2")
}

// TestPeriodicFix: revokenocommit's fix (a Commit() before the Unassign, its
// error handled as the handler handles errors) against the golden files, on
// the three import paths, and the fixed code compiles and is silent.
func TestPeriodicFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), revokecommit.Analyzer,
		"revokecommit/periodic", "revokecommit/periodic/gopkgin", "revokecommit/periodic/v2")
	testutil.CheckGoldens(t, revokecommit.Analyzer,
		"revokecommit/periodic", "revokecommit/periodic/gopkgin", "revokecommit/periodic/v2")
}

// TestFix checks the suggested fixes against the golden files.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/fix")
}

// TestFixCompiles type-checks the fixed code and runs the analyzer on it again.
func TestFixCompiles(t *testing.T) {
	testutil.CheckGoldens(t, revokecommit.Analyzer, "revokecommit/fix")
}

// TestCrossPackage: handlers, helpers and configurations in other packages,
// carried by facts.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/crosspkg/...")
}

// TestLibrary: a library installs the handler, its callers supply the
// configuration or the consumer: reported in the callers, through facts.
func TestLibrary(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/library/...")
}

// TestSettings: a typed settings struct rendered into a ConfigMap in one
// package, its values chosen in the packages that wire it up.
func TestSettings(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/settings/...")
}

// TestHandoverRelated: a report made where a configuration is handed to
// another package's handler points at that handler's Unassign as related
// information, not only in its message.
func TestHandoverRelated(t *testing.T) {
	results := analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/library/...", "revokecommit/wiring/...")
	checked := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.Contains(d.Message, "RevokedPartitions handler at") {
				continue // a report at the handler itself
			}
			checked++
			found := false
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				if strings.HasPrefix(rel.Message, "the RevokedPartitions handler calls Unassign here") &&
					filepath.Dir(p.Filename) != filepath.Dir(r.Pass.Fset.Position(d.Pos).Filename) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: %s: no related position in the handler's package: %+v", r.Pass.Fset.Position(d.Pos), d.Message, d.Related)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no downstream report checked")
	}
}

// TestIndirect: configurations written by helpers of another package and by
// options applied through function values, and callbacks wrapped in
// middleware (issue 16).
func TestIndirect(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/indirect/...")
}

// TestTracer: a tracing wrapper of another package that embeds the consumer
// and is made from the caller's configuration (issue 16, shape 4).
func TestTracer(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/tracer/...")
}

// TestDefaults: package-level default settings, copied, changed and rendered
// by another package's method (issue 16, shape 6).
func TestDefaults(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/defaults/...")
}

// TestProvider: a library that creates its consumer through a provider
// closure kept in a field, from the caller's configuration (issue 16, shape 2).
func TestProvider(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/provider/...")
}

// TestGeneric: a generic consumer library of another package (issue 16,
// shape 5): Consumer[M], New[M] and the generic Run that subscribes with a
// method value, its configuration given by the caller.
func TestGeneric(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/generic/...")
}

// TestDeterministicFacts: the facts exported for mutually recursive helpers are
// each function's own summary, whatever order the summaries are computed in
// (the export walks a Go map; a summary computed inside another function's
// recursion is not memoised). The analyzer runs many times on the same
// packages: every run must export the expected facts.
func TestDeterministicFacts(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/recursive")
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(testutil.Fixtures(t), "src"),
		Env:  append(os.Environ(), "GOPATH="+testutil.Fixtures(t), "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "revokecommit/recursive")
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	for run := range 40 {
		res, err := checker.Analyze([]*analysis.Analyzer{revokecommit.Analyzer}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var facts []string
		for _, act := range res.Roots {
			for _, f := range act.AllObjectFacts() {
				if sum, ok := f.Fact.(*revokecommit.Summary); ok && f.Object.Pkg() == act.Package.Types {
					facts = append(facts, f.Object.Name()+": "+sum.String())
				}
			}
		}
		slices.Sort(facts)
		if len(facts) != 3 {
			t.Fatalf("run %d: %d facts, want 3: %v", run, len(facts), facts)
		}
		if run == 0 {
			first = facts
		} else if !slices.Equal(facts, first) {
			t.Fatalf("run %d exported other facts than run 0:\n%v\n%v", run, facts, first)
		}
	}
}

// TestTeams: a team's helpers in other packages (issue 20): a Committer
// interface of its own, and an errgroup-like type that runs the workers.
func TestTeams(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/teams/...")
}

// TestWiring: dependency-injection wiring (issue 16, shape 3): provider A
// returns a consumer made from typed settings, provider B's library installs
// the handler, and the wiring of a third package hands A's consumer to B.
func TestWiring(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/wiring/...")
}

// TestWiringRelated: the wiring's report, in a generated file too, points
// at the handler's Unassign and, for a provider that turns the automatic
// store off in a settings struct, at that line in the provider's package.
func TestWiringRelated(t *testing.T) {
	results := analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/wiring/...")
	providers := make(map[string]bool) // the test variant of a package reports again
	for _, r := range results {
		for _, d := range r.Diagnostics {
			var provider, handler bool
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				line := sourceLine(t, p.Filename, p.Line)
				switch {
				case strings.HasPrefix(rel.Message, "enable.auto.offset.store=false in the consumer provider.ProvideConsumer returns"):
					provider = true
					if filepath.Base(p.Filename) != "provider.go" || !strings.Contains(line, "s.AutoOffsetStore = false") {
						t.Errorf("%s: the provider's setting at %s: %q", r.Pass.Fset.Position(d.Pos), p, line)
					}
				case strings.HasPrefix(rel.Message, "the RevokedPartitions handler calls Unassign here"):
					handler = filepath.Base(p.Filename) == "runner.go" && strings.Contains(line, "Unassign()")
				}
			}
			if !handler {
				t.Errorf("%s: %s: related %+v: want the handler's Unassign", r.Pass.Fset.Position(d.Pos), d.Message, d.Related)
			}
			if provider {
				providers[r.Pass.Fset.Position(d.Pos).String()] = true
			}
		}
	}
	if len(providers) != 4 {
		t.Fatalf("reports with the provider's setting at %v, want 4 (app and its generated twin, on both import paths)", providers)
	}
}

// sourceLine returns line n of file.
func sourceLine(t *testing.T, file string, n int) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// TestFactsMachineIndependent: the bytes of every fact the analyzer and its
// requirements export (gob, the encoding go vet and nogo cache) hold no
// absolute path of the checkout, so that facts do not change with the
// directory the module is in; the reports made from them still point at the
// handler (TestHandoverRelated).
func TestFactsMachineIndependent(t *testing.T) {
	dir := testutil.Fixtures(t)
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   filepath.Join(dir, "src"),
		Env:   append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOPROXY=off", "GOFLAGS="),
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, "revokecommit/library/...", "revokecommit/wiring/...", "revokecommit/crosspkg/...")
	if err != nil {
		t.Fatal(err)
	}
	res, err := checker.Analyze([]*analysis.Analyzer{revokecommit.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	located := 0
	seen := make(map[*checker.Action]bool)
	var visit func(act *checker.Action)
	visit = func(act *checker.Action) {
		if seen[act] {
			return
		}
		seen[act] = true
		for _, dep := range act.Deps {
			visit(dep)
		}
		for _, f := range act.AllObjectFacts() {
			var buf bytes.Buffer
			if err := gob.NewEncoder(&buf).Encode(f.Fact); err != nil {
				t.Errorf("%s: %v: gob: %v", act, f.Object, err)
				continue
			}
			if bytes.Contains(buf.Bytes(), []byte(abs)) || bytes.Contains(buf.Bytes(), []byte(filepath.ToSlash(abs))) {
				t.Errorf("%s: fact %v of %v holds the checkout's path %s", act.Analyzer.Name, f.Fact, f.Object, abs)
			}
			if bytes.Contains(buf.Bytes(), []byte(".go")) {
				located++
			}
		}
	}
	for _, act := range res.Roots {
		visit(act)
	}
	if located == 0 {
		t.Fatal("no fact names a file: the test checks nothing")
	}
}

// TestCombined: issue 16's shapes together: a shared constructor behind a
// function-typed field, a provider closure, a tracing wrapper of another
// package, and the wiring of a third package that hands the provider's
// consumer to a library's handler, of a plain and of a generic type.
func TestCombined(t *testing.T) {
	results := analysistest.Run(t, testutil.Fixtures(t), revokecommit.Analyzer, "revokecommit/combined/...")
	// The report names, as related information, the kit's write that
	// only its manual-commit option makes.
	checked := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			checked++
			found := false
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				found = found || strings.HasPrefix(rel.Message, "enable.auto.commit=false is set only when kit.go:") &&
					filepath.Base(p.Filename) == "kit.go" && strings.Contains(sourceLine(t, p.Filename, p.Line), `SetKey("enable.auto.commit", false)`)
			}
			if !found {
				t.Errorf("%s: related %+v: want the conditional write of the shared constructor", r.Pass.Fset.Position(d.Pos), d.Related)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no report checked")
	}
}
