package main_test

// These tests build the kafkalint command and run it the ways the README shows:
// standalone (text, -json, -fix, -diff, -sarif, help), as go vet -vettool and as
// go fix -fixtool, on testdata/app: a module on confluent-kafka-go v1.4.0 replaced
// by the repository's stub, so no network, cgo or real library is needed.

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/kafkalint/kafkalint/analyzer"
)

// bin is the kafkalint command built by TestMain.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kafkalint-bin")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "kafkalint")
	// The result cache is on in every test that runs the command, as by
	// default, but in a directory of the run's own, never the user's: each
	// test's fixture is a new directory, so a test's first run analyses and
	// its reruns of an unchanged fixture print from the cache (cache_test.go
	// compares those with uncached runs).
	if err := os.Setenv("KAFKALINT_CACHE", filepath.Join(dir, "cache")); err != nil {
		panic(err)
	}
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		panic("building kafkalint: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// The reports expected on testdata/app; the third handler is suppressed.
var wantReports = []string{
	"app.go:13:20: c.IncrementalUnassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets (on v1.4.0 ",
	"app.go:27:11: c.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets (on v1.4.0 ",
}

// fixture copies testdata/app to a temporary directory, pointing its replace
// directive at the stub, and returns the copy's directory.
func fixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"go.mod", "app.go"} {
		data, err := os.ReadFile(filepath.Join("testdata", "app", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stub, err := filepath.Abs(filepath.Join("..", "..", "testdata", "src", "github.com", "confluentinc", "confluent-kafka-go"))
	if err != nil {
		t.Fatal(err)
	}
	run(t, dir, 0, "go", "mod", "edit", "-replace", "github.com/confluentinc/confluent-kafka-go="+stub)
	return dir
}

// run runs a command in dir, offline, checks its exit code and returns its stdout
// and stderr.
func run(t *testing.T, dir string, wantCode int, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	if code != wantCode {
		t.Fatalf("%s %s: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), code, wantCode, &out, &errOut)
	}
	return out.String(), errOut.String()
}

// checkReports checks that output holds exactly the expected reports.
func checkReports(t *testing.T, output string) {
	t.Helper()
	for _, want := range wantReports {
		if !strings.Contains(output, want) {
			t.Errorf("missing report %q in:\n%s", want, output)
		}
	}
	if n := strings.Count(output, "in RevokedPartitions handler"); n != len(wantReports) {
		t.Errorf("%d reports, want %d (the suppressed one must not appear):\n%s", n, len(wantReports), output)
	}
}

// TestWarnWithoutCgo: with cgo off, in a module that requires confluent-kafka-go,
// the command says in one line why the library's users may go unanalyzed.
func TestWarnWithoutCgo(t *testing.T) {
	dir := fixture(t)
	cmd := exec.Command(bin, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=", "CGO_ENABLED=0")
	out, _ := cmd.CombinedOutput() // the stub needs no cgo: the reports follow
	first, _, _ := strings.Cut(string(out), "\n")
	if !strings.HasPrefix(first, "kafkalint: cgo is off (go env CGO_ENABLED=0)") || !strings.Contains(first, "set CGO_ENABLED=1") {
		t.Errorf("first line of output with CGO_ENABLED=0 is %q, want the cgo warning", first)
	}
	// With cgo on (the other tests), no warning.
	if _, stderr := run(t, dir, 3, bin, "./..."); strings.Contains(stderr, "cgo is off") {
		t.Errorf("cgo warning with cgo on:\n%s", stderr)
	}
}

func TestText(t *testing.T) {
	dir := fixture(t)
	_, stderr := run(t, dir, 3, bin, "./...")
	checkReports(t, stderr)
	// -revokecommit=false turns the analyzer off: exit 0, nothing printed
	if _, stderr := run(t, dir, 0, bin, "-revokecommit=false", "./..."); stderr != "" {
		t.Errorf("-revokecommit=false printed:\n%s", stderr)
	}
}

// TestJSON checks -json: the go vet -json format, with suggested fixes.
func TestJSON(t *testing.T) {
	dir := fixture(t)
	stdout, _ := run(t, dir, 0, bin, "-json", "./...")
	var tree map[string]map[string][]struct {
		Posn           string `json:"posn"`
		Message        string `json:"message"`
		Category       string `json:"category"`
		SuggestedFixes []struct {
			Message string `json:"message"`
			Edits   []struct {
				Filename   string `json:"filename"`
				Start, End int
				New        string `json:"new"`
			} `json:"edits"`
		} `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("-json output does not parse: %v\n%s", err, stdout)
	}
	diags := tree["example.com/app"]["revokecommit"]
	if len(diags) != len(wantReports) {
		t.Fatalf("-json: %d revokecommit diagnostics for example.com/app, want %d:\n%s", len(diags), len(wantReports), stdout)
	}
	for i, d := range diags {
		if got := filepath.Base(d.Posn) + ": " + d.Message; !strings.HasPrefix(got, wantReports[i]) {
			t.Errorf("-json diagnostic %d = %q, want prefix %q", i, got, wantReports[i])
		}
		var inserted []string
		if len(d.SuggestedFixes) == 1 {
			for _, e := range d.SuggestedFixes[0].Edits {
				inserted = append(inserted, e.New)
			}
		}
		if d.Category != "nocommit" || !importsErrorsAndCommits(inserted) {
			t.Errorf("-json diagnostic %d: category %q, fixes %+v; want nocommit and one fix importing errors and inserting c.Commit()", i, d.Category, d.SuggestedFixes)
		}
	}
}

// TestFix checks -fix -diff (prints, writes nothing) and -fix (writes code that
// builds and is no longer reported).
func TestFix(t *testing.T) {
	dir := fixture(t)
	before, _ := os.ReadFile(filepath.Join(dir, "app.go"))
	stdout, _ := run(t, dir, 0, bin, "-fix", "-diff", "./...")
	checkDiff(t, stdout)
	if after, _ := os.ReadFile(filepath.Join(dir, "app.go")); !bytes.Equal(before, after) {
		t.Errorf("-fix -diff changed app.go")
	}
	run(t, dir, 0, bin, "-fix", "./...")
	checkFixed(t, dir, before)
	run(t, dir, 0, bin, "./...")
}

// checkDiff checks a diff of the fixes: both handlers get a commit.
func checkDiff(t *testing.T, diff string) {
	t.Helper()
	if !strings.Contains(diff, "+++ ") || strings.Count(diff, "+\t\t\tif _, err := c.Commit(); err != nil {") != 2 {
		t.Errorf("diff does not insert a commit in both handlers:\n%s", diff)
	}
}

// checkFixed checks that the fixes were written and the module still builds.
func checkFixed(t *testing.T, dir string, before []byte) {
	t.Helper()
	after, _ := os.ReadFile(filepath.Join(dir, "app.go"))
	if n := bytes.Count(after, []byte("c.StoreOffsets(")); bytes.Equal(before, after) || n != 2 {
		t.Fatalf("app.go after the fix has %d StoreOffsets calls, want 2:\n%s", n, after)
	}
	run(t, dir, 0, "go", "build", "./...")
}

// TestVet checks go vet -vettool: the same reports, exit 1, suppression honoured.
func TestVet(t *testing.T) {
	dir := fixture(t)
	_, stderr := run(t, dir, 1, "go", "vet", "-vettool="+bin, "./...")
	checkReports(t, stderr)
	// analyzer flags pass through go vet as -NAME.flag
	run(t, dir, 1, "go", "vet", "-vettool="+bin, "-revokecommit.allversions", "./...")
}

func TestVetFix(t *testing.T) {
	dir := fixture(t)
	before, _ := os.ReadFile(filepath.Join(dir, "app.go"))
	run(t, dir, 0, "go", "vet", "-vettool="+bin, "-fix", "./...")
	checkFixed(t, dir, before)
	run(t, dir, 0, "go", "vet", "-vettool="+bin, "./...")
}

func TestGoFix(t *testing.T) {
	dir := fixture(t)
	before, _ := os.ReadFile(filepath.Join(dir, "app.go"))
	stdout, _ := run(t, dir, 1, "go", "fix", "-fixtool="+bin, "-diff", "./...")
	checkDiff(t, stdout)
	if after, _ := os.ReadFile(filepath.Join(dir, "app.go")); !bytes.Equal(before, after) {
		t.Errorf("go fix -diff changed app.go")
	}
	run(t, dir, 0, "go", "fix", "-fixtool="+bin, "./...")
	checkFixed(t, dir, before)
}

// TestHelp checks that "kafkalint help NAME" prints the analyzer's whole
// documentation and its flags.
func TestHelp(t *testing.T) {
	stdout, _ := run(t, ".", 0, bin, "help", "revokecommit")
	for _, want := range []string{
		"revokecommit: check that RevokedPartitions handlers commit before Unassign\n",
		"-revokecommit.allversions",
		"Why it matters:",
		"# Not reported",
		"//kafkalint:ignore revokecommit reason",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help revokecommit: missing %q in:\n%s", want, stdout)
		}
	}
	stdout, _ = run(t, ".", 0, bin, "help", "readtimeout")
	for _, want := range []string{
		"readtimeout: check ReadMessage's timeouts and error branches\n",
		"# Not reported",
		"# Category timeoutexit",
		"//kafkalint:ignore readtimeout reason",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help readtimeout: missing %q in:\n%s", want, stdout)
		}
	}
	stdout, _ = run(t, ".", 0, bin, "help", "neverstored")
	for _, want := range []string{
		"neverstored: report consumers that never store or commit an offset\n",
		"# How far \"anywhere that consumer goes\" reaches",
		"# Category nevercommitted",
		"//kafkalint:ignore neverstored reason",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("help neverstored: missing %q in:\n%s", want, stdout)
		}
	}
	// A name that is no analyzer's: a usage error that lists the names.
	names := make([]string, 0)
	for _, a := range analyzer.Analyzers() {
		names = append(names, a.Name)
	}
	wantErr := `kafkalint: no analyzer is named "nosuch"; the analyzers are: ` + strings.Join(names, ", ") + "\n"
	if _, stderr := run(t, ".", 2, bin, "help", "revokecommit", "nosuch"); stderr != wantErr {
		t.Errorf("help nosuch: stderr %q, want %q", stderr, wantErr)
	}
}

func TestSARIF(t *testing.T) {
	dir := fixture(t)
	run(t, dir, 3, bin, "-sarif=out.sarif", "./...")
	data, err := os.ReadFile(filepath.Join(dir, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, data)

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID                                      string
						ShortDescription, FullDescription, Help struct{ Text string }
						HelpURI                                 string
					}
				}
			}
			Results []struct {
				RuleID    string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				RelatedLocations []struct {
					Message struct{ Text string }
				}
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion   struct{ StartLine int }
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	r := log.Runs[0]
	rules := r.Tool.Driver.Rules
	suite := analyzer.Analyzers()
	if len(rules) != len(suite) {
		t.Errorf("%d rules, want one per analyzer (%d)", len(rules), len(suite))
	}
	for i, a := range suite {
		if i < len(rules) && rules[i].ID != a.Name {
			t.Errorf("rule %d is %q, want %q", i, rules[i].ID, a.Name)
		}
	}
	if rules[0].ID != "revokecommit" ||
		rules[0].ShortDescription.Text != "check that RevokedPartitions handlers commit before Unassign" ||
		!strings.HasPrefix(rules[0].FullDescription.Text, "Reports Unassign and IncrementalUnassign calls in RevokedPartitions handlers") ||
		!strings.Contains(rules[0].Help.Text, "A consumer that lets librdkafka auto-commit") ||
		!strings.Contains(rules[0].Help.Text, "# Not reported") ||
		rules[0].HelpURI != "https://pkg.go.dev/github.com/kafkalint/kafkalint/passes/revokecommit" {
		t.Errorf("revokecommit rule = %+v", rules[0])
	}
	// columns count UTF-16 code units: the "ü" before the first report is one
	wantLoc := [][2]int{{13, 19}, {27, 11}}
	if len(r.Results) != len(wantLoc) {
		t.Fatalf("%d results, want %d", len(r.Results), len(wantLoc))
	}
	for i, res := range r.Results {
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI != "app.go" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" ||
			[2]int{loc.Region.StartLine, loc.Region.StartColumn} != wantLoc[i] {
			t.Errorf("result %d at %+v, want app.go:%d:%d", i, loc, wantLoc[i][0], wantLoc[i][1])
		}
		if _, msg, _ := strings.Cut(wantReports[i], ": "); res.RuleID != "revokecommit" || !strings.HasPrefix(res.Message.Text, msg) {
			t.Errorf("result %d: %s %q, want revokecommit %q", i, res.RuleID, res.Message.Text, msg)
		}
		if len(res.RelatedLocations) == 0 || !strings.Contains(res.RelatedLocations[0].Message.Text, "enable.auto.offset.store=false") {
			t.Errorf("result %d: related locations %+v", i, res.RelatedLocations)
		}
		var inserted []string
		if len(res.Fixes) == 1 && len(res.Fixes[0].ArtifactChanges) == 1 {
			for _, r := range res.Fixes[0].ArtifactChanges[0].Replacements {
				inserted = append(inserted, r.InsertedContent.Text)
			}
		}
		if !importsErrorsAndCommits(inserted) {
			t.Errorf("result %d: fixes %+v; want one importing errors and inserting c.Commit()", i, res.Fixes)
		}
	}

	// to standard output, with analyzer flags; exit 0 when nothing is reported
	stdout, _ := run(t, dir, 0, bin, "-sarif", "-revokecommit=false", "./...")
	validateSARIF(t, []byte(stdout))
	if !strings.Contains(stdout, `"results": []`) {
		t.Errorf("-revokecommit=false -sarif: want no results:\n%s", stdout)
	}
	if _, stderr := run(t, dir, 2, bin, "-sarif", "-fix", "./..."); !strings.Contains(stderr, "-sarif cannot be combined with") {
		t.Errorf("-sarif -fix: stderr %q", stderr)
	}
}

// validateSARIF validates data against the SARIF 2.1.0 schema published by OASIS
// (errata01, testdata/sarif-schema-2.1.0.json), which forbids unknown properties.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	schema, err := filepath.Abs(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := gojsonschema.Validate(gojsonschema.NewReferenceLoader("file://"+filepath.ToSlash(schema)), gojsonschema.NewBytesLoader(data))
	if err != nil {
		t.Fatalf("validating SARIF: %v", err)
	}
	for _, e := range res.Errors() {
		t.Errorf("SARIF schema: %s", e)
	}
}

// TestSARIFSchemaCatchesErrors makes sure the validation is not vacuous: a
// misspelled property is rejected.
func TestSARIFSchemaCatchesErrors(t *testing.T) {
	bad := `{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "kafkalint", "rules": [{"id": "x", "shortDescripton": {"text": "t"}}]}}}]}`
	schema, _ := filepath.Abs(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	res, err := gojsonschema.Validate(gojsonschema.NewReferenceLoader("file://"+filepath.ToSlash(schema)), gojsonschema.NewStringLoader(bad))
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid() || !regexp.MustCompile(`shortDescripton`).MatchString(res.Errors()[0].String()) {
		t.Errorf("schema accepted a misspelled property: %v", res.Errors())
	}
}

// TestUsage checks kafkalint -h: what the command checks, every analyzer with the
// first line of its Doc, the command's own flags, the exit codes and examples, and
// none of multichecker's generic text.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"-help"}, {"help"}} {
		stdout, _ := run(t, ".", 0, bin, args...)
		want := []string{"kafkalint checks Go programs that consume from Kafka", "-sarif[=FILE]", "-json", "-fix", "-diff",
			"-cpuprofile FILE", "-NAME.flag", "Exit codes:", "  3  reports printed", "Examples:", "kafkalint ./..."}
		for _, a := range analyzer.Analyzers() {
			title, _, _ := strings.Cut(a.Doc, "\n")
			want = append(want, a.Name+" ", title)
			// Each analyzer option, by itself or as an option of every analyzer.
			a.Flags.VisitAll(func(f *flag.Flag) {
				if !strings.Contains(stdout, "-"+a.Name+"."+f.Name) && !strings.Contains(stdout, "-NAME."+f.Name+" (every analyzer)") {
					t.Errorf("kafkalint %s: option -%s.%s missing in:\n%s", args[0], a.Name, f.Name, stdout)
				}
			})
		}
		for _, w := range want {
			if !strings.Contains(stdout, w) {
				t.Errorf("kafkalint %s: missing %q in:\n%s", args[0], w, stdout)
			}
		}
		for _, generic := range []string{"Printf", "strings.Split", "unitchecker"} {
			if strings.Contains(stdout, generic) {
				t.Errorf("kafkalint %s: multichecker's generic text (%q) in:\n%s", args[0], generic, stdout)
			}
		}
	}
	// A bad command line: exit 2, one line and a pointer to the usage.
	for _, args := range [][]string{{}, {"-nosuchflag", "./..."}, {"-sarif", "-json", "./..."}, {"-diff", "./..."}} {
		_, stderr := run(t, ".", 2, bin, args...)
		if !strings.HasPrefix(stderr, "kafkalint: ") || !strings.HasSuffix(stderr, "Run 'kafkalint -h' for usage.\n") || strings.Count(stderr, "\n") != 2 {
			t.Errorf("kafkalint %s: stderr %q, want one error line and the pointer to -h", strings.Join(args, " "), stderr)
		}
	}
}

// importsErrorsAndCommits reports whether the inserted texts of one fix's edits, in
// order, are the fixture's revokecommit fix: the import of "errors" added to the
// file's single import (which becomes a group: an opening and a closing edit, as
// fixedit.AddImport writes it), then the commit inserted before the unassign.
func importsErrorsAndCommits(inserted []string) bool {
	return len(inserted) == 3 &&
		inserted[0] == "(\n\t\"errors\"\n\n\t" && inserted[1] == "\n)" &&
		strings.Contains(inserted[2], "c.Commit()")
}
