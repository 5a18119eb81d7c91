package scripts_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// editorsPage is the page that shows the editor setups these tests run.
const editorsPage = "docs/editors.md"

// readmeBlock returns the fenced code block of docs/editors.md that follows the
// comment "<!-- checked by scripts/editor_test.go: NAME -->".
func readmeBlock(t *testing.T, name string) string {
	t.Helper()
	readme := read(t, filepath.Join(repoRoot(t), filepath.FromSlash(editorsPage)))
	marker := "<!-- checked by scripts/editor_test.go: " + name + " -->\n"
	i := strings.Index(readme, marker)
	if i < 0 {
		t.Fatalf("%s has no %q", editorsPage, marker)
	}
	rest := readme[i+len(marker):]
	if !strings.HasPrefix(rest, "```") {
		t.Fatalf("%s: no code block right after %q", editorsPage, marker)
	}
	body := rest[strings.Index(rest, "\n")+1:]
	end := strings.Index(body, "```")
	if end < 0 {
		t.Fatalf("%s: unterminated code block after %q", editorsPage, marker)
	}
	return body[:end]
}

// TestReadmeGolangciExamples: docs/golangci-lint.md shows the .custom-gcl.yml
// and .golangci.yml that the tests use, and .custom-gcl.yml names what the
// build script builds.
func TestReadmeGolangciExamples(t *testing.T) {
	root := repoRoot(t)
	readme := read(t, filepath.Join(root, "docs", "golangci-lint.md"))
	for _, name := range []string{".custom-gcl.yml", ".golangci.yml"} {
		example := read(t, filepath.Join(root, "testdata", "integration", name))
		if !strings.Contains(readme, "```yaml\n"+example+"```\n") {
			t.Errorf("docs/golangci-lint.md does not show testdata/integration/%s as a yaml block", name)
		}
	}
	custom := read(t, filepath.Join(root, "testdata", "integration", ".custom-gcl.yml"))
	script := read(t, filepath.Join(root, "scripts", "build-golangci.sh"))
	for _, pair := range [][2]string{
		{"version: v2.15.0\n", "GCL_VERSION=v2.15.0\n"},
		{"import: github.com/kafkalint/kafkalint/plugin\n", "PLUGIN_IMPORT=$PLUGIN_MODULE/plugin\n"},
	} {
		if !strings.Contains(custom, pair[0]) || !strings.Contains(script, pair[1]) {
			t.Errorf(".custom-gcl.yml (%q) and build-golangci.sh (%q) disagree", pair[0], pair[1])
		}
	}
}

// vscodeLine is how the VS Code Go extension reads a linter's output
// (extension/src/util.ts, runTool).
var vscodeLine = regexp.MustCompile(`^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)

// TestVSCode runs the custom binary as the VS Code Go extension does with the
// docs/editors.md's settings.json (extension/src/goLint.ts: lint-on-save "package" runs
// in the file's directory), and reads its output as the extension does.
func TestVSCode(t *testing.T) {
	var settings struct {
		LintTool       string            `json:"go.lintTool"`
		AlternateTools map[string]string `json:"go.alternateTools"`
		LintFlags      []string          `json:"go.lintFlags"`
		LintOnSave     string            `json:"go.lintOnSave"`
	}
	d := json.NewDecoder(strings.NewReader(readmeBlock(t, "vscode")))
	d.DisallowUnknownFields()
	if err := d.Decode(&settings); err != nil {
		t.Fatalf("docs/editors.md VS Code settings: %v", err)
	}
	if settings.LintTool != "golangci-lint-v2" || settings.LintOnSave != "package" {
		t.Fatalf("docs/editors.md VS Code settings: lintTool %q, lintOnSave %q; the test follows golangci-lint-v2 and package", settings.LintTool, settings.LintOnSave)
	}
	if got := settings.AlternateTools[settings.LintTool]; got != "/path/to/bin/custom-gcl" {
		t.Fatalf("docs/editors.md VS Code settings: go.alternateTools[%q] = %q, want the custom binary /path/to/bin/custom-gcl", settings.LintTool, got)
	}
	dir := target(t, "v1.4.0")
	write(t, filepath.Join(dir, ".golangci.yml"), read(t, filepath.Join(repoRoot(t), "testdata", "integration", ".golangci.yml")))
	// The extension's arguments for golangci-lint v2, in its order.
	var args []string
	for _, f := range settings.LintFlags {
		args = append(args, strings.ReplaceAll(f, "${workspaceFolder}", dir))
	}
	if !slices.Contains(args, "run") {
		args = append([]string{"run"}, args...)
	}
	args = append(args, "--issues-exit-code=0", "--output.text.print-issued-lines=false",
		"--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
	pkgDir := filepath.Join(dir, "app")
	r := run(t, pkgDir, customGCL(t), args...)
	if r.code != 0 {
		t.Fatalf("custom-gcl %s: exit %d\n%s%s", strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	var found bool
	for _, l := range strings.Split(r.stdout, "\n") {
		m := vscodeLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		file, line, col, msg := m[2], m[4], m[6], m[7]
		if !filepath.IsAbs(file) {
			file = filepath.Join(pkgDir, file)
		}
		if file == filepath.Join(pkgDir, "app.go") && line == "20" && col == "11" &&
			strings.HasPrefix(msg, "revokecommit: "+revokeMsg) && strings.HasSuffix(msg, "(kafkalint)") {
			found = true
		}
	}
	if !found {
		t.Errorf("VS Code would not show the revokecommit report at app/app.go:20:11; output:\n%s", r.stdout)
	}
}

// langserverIssue is what golangci-lint-langserver reads of an issue
// (nametake/golangci-lint-langserver, golangci-lint.go).
type langserverIssue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename     string
		Line, Column int
	}
}

// TestLangserver runs the docs/editors.md's golangci-lint-langserver command as the
// server does for a saved app/app.go (handler.go, lint: the command plus the
// file's directory, in the workspace root), and matches issues to the file as
// the server does: by Pos.Filename relative to the root.
func TestLangserver(t *testing.T) {
	var opts struct{ Command []string }
	d := json.NewDecoder(strings.NewReader(readmeBlock(t, "langserver")))
	d.DisallowUnknownFields()
	if err := d.Decode(&opts); err != nil {
		t.Fatalf("docs/editors.md langserver options: %v", err)
	}
	if len(opts.Command) < 2 || opts.Command[0] != "/path/to/bin/custom-gcl" {
		t.Fatalf("docs/editors.md langserver command %q does not start with /path/to/bin/custom-gcl", opts.Command)
	}
	root := target(t, "v1.4.0")
	write(t, filepath.Join(root, ".golangci.yml"), read(t, filepath.Join(repoRoot(t), "testdata", "integration", ".golangci.yml")))
	args := append(slices.Clone(opts.Command[1:]), filepath.Join(root, "app")+string(os.PathSeparator))
	r := run(t, root, customGCL(t), args...)
	if r.code == 0 {
		t.Fatalf("exit 0: the server shows nothing when the command succeeds; stdout:\n%s", r.stdout)
	}
	var out struct{ Issues []langserverIssue }
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("the server cannot read the output (%v); exit %d\n%s%s", err, r.code, r.stdout, r.stderr)
	}
	var found bool
	for _, is := range out.Issues {
		if is.Pos.Filename == "app/app.go" && is.Pos.Line == 20 && is.Pos.Column == 11 &&
			is.FromLinter == "kafkalint" && strings.HasPrefix(is.Text, "revokecommit: "+revokeMsg) {
			found = true
		}
	}
	if !found {
		t.Errorf("the server would not show the revokecommit report for app/app.go:20:11; issues: %+v", out.Issues)
	}
}
