package scripts_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

var gcl build

// customGCL returns golangci-lint v2.15.0 with the kafkalint plugin, built by
// scripts/build-golangci.sh once per test binary.
func customGCL(t *testing.T) string {
	t.Helper()
	return gcl.binary(t, "build-golangci.sh", "custom-gcl")
}

// revokeMsg starts the revokecommit report on testdata/integration on v1.4.0.
const revokeMsg = "c.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets (on v1.4.0"

// Lines of testdata/integration/app/app.go.
const (
	runLine   = 20 // return c.Unassign() in Run
	quietLine = 35 // return c.Unassign() //nolint:kafkalint in Quiet
)

// gclIssue is an issue of golangci-lint's JSON output (pkg/result.Issue).
type gclIssue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename     string
		Line, Column int
	}
	SuggestedFixes []struct {
		Message   string
		TextEdits []struct {
			Pos, End int
			NewText  []byte
		}
	}
}

// golangciConfig returns docs/golangci-lint.md's .golangci.yml (testdata/integration/.golangci.yml)
// with its plugin settings replaced by settings, YAML indented as under "settings:".
func golangciConfig(t *testing.T, settings string) string {
	t.Helper()
	cfg := read(t, filepath.Join(repoRoot(t), "testdata", "integration", ".golangci.yml"))
	const key = "\n        settings:\n"
	i := strings.Index(cfg, key)
	if i < 0 {
		t.Fatalf(".golangci.yml example has no plugin settings block (%q)", key)
	}
	return cfg[:i+len(key)] + settings
}

// lint runs the custom binary with JSON output on the module in dir, with
// the given plugin settings, and returns kafkalint's issues.
func lint(t *testing.T, dir, settings string, extra ...string) []gclIssue {
	t.Helper()
	write(t, filepath.Join(dir, ".golangci.yml"), golangciConfig(t, settings))
	args := append([]string{"run", "--output.json.path=stdout", "--show-stats=false"}, extra...)
	r := run(t, dir, customGCL(t), append(args, "./...")...)
	if r.code != 0 && r.code != 1 { // 1: issues found
		t.Fatalf("custom-gcl %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	var out struct{ Issues []gclIssue }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("custom-gcl JSON output: %v\n%s", err, r.stdout)
	}
	for _, is := range out.Issues {
		if is.FromLinter != "kafkalint" {
			t.Errorf("issue from linter %q, only kafkalint is enabled: %+v", is.FromLinter, is)
		}
	}
	return out.Issues
}

// reportsAt returns the revokecommit reports (not their related information) at line.
func reportsAt(issues []gclIssue, line int) []gclIssue {
	var r []gclIssue
	for _, is := range issues {
		if is.Pos.Line == line && strings.HasPrefix(is.Text, "revokecommit: c.Unassign") {
			r = append(r, is)
		}
	}
	return r
}

func describe(issues []gclIssue) string {
	var b strings.Builder
	for _, is := range issues {
		fmt.Fprintf(&b, "\n\t%s:%d:%d: %s (%d fixes)", is.Pos.Filename, is.Pos.Line, is.Pos.Column, is.Text, len(is.SuggestedFixes))
	}
	return b.String()
}

// TestGolangciReports: the report appears under the kafkalint linter, with the
// analyzer name as prefix, its position and its one fix; //nolint:kafkalint
// on a report's line suppresses that report.
func TestGolangciReports(t *testing.T) {
	issues := lint(t, target(t, "v1.4.0"), "          {}\n")
	got := reportsAt(issues, runLine)
	if len(got) != 1 {
		t.Fatalf("want one revokecommit report at app/app.go:%d, got:%s", runLine, describe(issues))
	}
	is := got[0]
	if want := "revokecommit: " + revokeMsg; !strings.HasPrefix(is.Text, want) {
		t.Errorf("text %q, want prefix %q", is.Text, want)
	}
	if is.Pos.Filename != "app/app.go" || is.Pos.Column != 11 {
		t.Errorf("position %s:%d:%d, want app/app.go:%d:11", is.Pos.Filename, is.Pos.Line, is.Pos.Column, runLine)
	}
	if len(is.SuggestedFixes) != 1 || len(is.SuggestedFixes[0].TextEdits) == 0 {
		t.Errorf("want one suggested fix with edits, got %+v", is.SuggestedFixes)
	}
	if q := reportsAt(issues, quietLine); len(q) != 0 {
		t.Errorf("//nolint:kafkalint did not suppress the report at line %d:%s", quietLine, describe(q))
	}
}

// TestGolangciFix: --fix applies the suggested fix; the fixed module builds,
// is reported no more, and a second --fix changes nothing.
func TestGolangciFix(t *testing.T) {
	dir := target(t, "v1.4.0")
	file := filepath.Join(dir, "app", "app.go")
	before := read(t, file)
	lint(t, dir, "          {}\n", "--fix")
	fixed := read(t, file)
	if fixed == before {
		t.Fatal("--fix left app/app.go unchanged")
	}
	for _, want := range []string{"c.Commit()", "kafka.OffsetInvalid", "c.StoreOffsets("} {
		if !strings.Contains(fixed, want) {
			t.Errorf("fixed app/app.go lacks %q:\n%s", want, fixed)
		}
	}
	// Quiet's report was suppressed, so its handler is not rewritten.
	if i := strings.Index(fixed, "func Quiet"); i < 0 || strings.Contains(fixed[i:], "Commit") {
		t.Errorf("--fix rewrote the suppressed handler in Quiet:\n%s", fixed)
	}
	if r := run(t, dir, "go", "build", "./..."); r.code != 0 {
		t.Fatalf("fixed module does not build:\n%s\n%s", r.stderr, fixed)
	}
	if r := run(t, dir, "gofmt", "-l", "."); r.stdout != "" {
		t.Errorf("fixed files are not gofmt-clean: %s", r.stdout)
	}
	if got := reportsAt(lint(t, dir, "          {}\n"), runLine); len(got) != 0 {
		t.Errorf("still reported after --fix:%s", describe(got))
	}
	lint(t, dir, "          {}\n", "--fix")
	if again := read(t, file); again != fixed {
		t.Errorf("second --fix changed the file:\n%s", again)
	}
}

// TestGolangciSettings: the plugin settings in .golangci.yml select analyzers
// and set their options; unknown keys stop the run.
func TestGolangciSettings(t *testing.T) {
	t.Run("disable", func(t *testing.T) {
		issues := lint(t, target(t, "v1.4.0"), "          disable: [revokecommit]\n")
		if len(issues) != 0 {
			t.Errorf("disable: [revokecommit] still reports:%s", describe(issues))
		}
	})
	// On v1.9.0 and later the library invalidates stored offsets on Unassign:
	// revokecommit reports there only with allversions.
	t.Run("v1.9.2 default", func(t *testing.T) {
		issues := lint(t, target(t, "v1.9.2"), "          revokecommit:\n            allversions: false\n")
		if got := reportsAt(issues, runLine); len(got) != 0 {
			t.Errorf("reported on v1.9.2 without allversions:%s", describe(got))
		}
	})
	t.Run("v1.9.2 allversions", func(t *testing.T) {
		issues := lint(t, target(t, "v1.9.2"), "          revokecommit:\n            allversions: true\n")
		if got := reportsAt(issues, runLine); len(got) != 1 {
			t.Errorf("want one report on v1.9.2 with allversions: true, got:%s", describe(issues))
		}
	})
	t.Run("unknown key", func(t *testing.T) {
		dir := target(t, "v1.4.0")
		write(t, filepath.Join(dir, ".golangci.yml"), golangciConfig(t, "          revokecommit:\n            allversion: true\n"))
		r := run(t, dir, customGCL(t), "run", "./...")
		if r.code == 0 || r.code == 1 || !strings.Contains(r.stderr, `revokecommit has no option "allversion"`) {
			t.Errorf("misspelt option: exit %d, stderr:\n%s", r.code, r.stderr)
		}
	})
}
