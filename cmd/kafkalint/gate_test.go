package main_test

// The gate (gate.go): the cases in which kafkalint exits 1 although it may have
// printed reports, in text, -json and -sarif; the text output's exact bytes; the
// build flags; the SARIF fields code scanning reads; the version.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPrintText: the text output, byte for byte: each report ends in its
// analyzer's name, its related information follows without it.
func TestPrintText(t *testing.T) {
	dir := fixture(t)
	_, stderr := run(t, dir, 3, bin, "./...")
	const msg = " in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets (on v1.4.0 stored offsets survive Unassign and are auto-committed after the partition is assigned again, rewinding the group's committed offset; fixed in v1.9.0) (revokecommit)\n"
	want := "DIR/app.go:13:20: c.IncrementalUnassign" + msg +
		"DIR/app.go:10:90: \tenable.auto.offset.store=false: the application stores offsets itself\n" +
		"DIR/app.go:10:10: \tconsumer created here with auto commit on (the default)\n" +
		"DIR/app.go:27:11: c.Unassign" + msg +
		"DIR/app.go:22:90: \tenable.auto.offset.store=false: the application stores offsets itself\n" +
		"DIR/app.go:22:10: \tconsumer created here with auto commit on (the default)\n"
	if got := strings.ReplaceAll(stderr, dir, "DIR"); got != want {
		t.Errorf("text output:\n%s\nwant:\n%s", got, want)
	}
	// -c quotes the lines of the report and of its related positions.
	_, stderr = run(t, dir, 3, bin, "-c=0", "./...")
	if !strings.Contains(stderr, "(revokecommit)\n13\t\t\t\treturn /* ü */ c.IncrementalUnassign(e.Partitions)\n") {
		t.Errorf("-c=0: no source line after the report:\n%s", stderr)
	}
}

// writeModule writes files (name -> content) under dir.
func writeModule(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// lastLine returns the last line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestGate: each cause of exit 1, its one line (last on standard error), the
// reports that were made kept, in text, -json (the tree on standard output,
// exit 1) and -sarif (executionSuccessful false, the cause as a notification).
func TestGate(t *testing.T) {
	app := fixture(t)
	// A type error in the fixture's package: exit 1. (revokecommit, which
	// needs the package's types to follow the consumer, then reports
	// nothing there: the gate's line is the one sign.)
	broken := fixture(t)
	writeModule(t, broken, map[string]string{"bad.go": "package app\n\nvar x int = \"s\"\n"})
	// A module whose client dependency cannot be loaded: not in go.sum, and
	// the proxy off.
	dep := t.TempDir()
	writeModule(t, dep, map[string]string{
		"go.mod": "module example.com/d\n\ngo 1.22\n\nrequire github.com/confluentinc/confluent-kafka-go v1.9.9\n",
		"d.go":   "package d\n\nimport \"github.com/confluentinc/confluent-kafka-go/kafka\"\n\nvar _ kafka.Consumer\n",
	})
	outside := t.TempDir() // no go.mod
	badMod := t.TempDir()  // a go.mod that does not parse: go list fails
	writeModule(t, badMod, map[string]string{
		"go.mod": "module example.com/bad\n\ngo 1.22\n\nrequire github.com/confluentinc/confluent-kafka-go v1.9.9 bogus\n",
		"b.go":   "package bad\n",
	})
	incomplete := regexp.MustCompile(`^kafkalint: the results of every analyzer are incomplete in 1 package\(s\) that did not type-check in full \(errors above\): example.com/app; fix the errors \(go build shows them\) and run kafkalint again$`)
	for _, c := range []struct {
		name, dir string
		args      []string
		last      *regexp.Regexp // the last line of standard error
		reports   int
	}{
		{"nosuchdir", app, []string{"./nosuchdir/..."}, regexp.MustCompile(`^kafkalint: pattern \./nosuchdir/\.\.\. matches no package \(.*no such file or directory\), so it was not analysed: check the path`), 0},
		{"nosuch", app, []string{"./nosuch"}, regexp.MustCompile(`^kafkalint: pattern \./nosuch matches no package \(stat .*nosuch: directory not found\), so it was not analysed`), 0},
		{"import path", app, []string{"example.com/nosuch"}, regexp.MustCompile(`^kafkalint: pattern example.com/nosuch matches no package \(no required module provides package example.com/nosuch; to add it: go get example.com/nosuch\)`), 0},
		{"outside a module", outside, []string{"./..."}, regexp.MustCompile(`^kafkalint: pattern \./\.\.\. matches no package \(pattern \./\.\.\.: directory prefix \. does not contain main module`), 0},
		{"one pattern of two", app, []string{"./...", "./nosuch"}, regexp.MustCompile(`^kafkalint: pattern \./nosuch matches no package`), 2},
		{"module graph", badMod, []string{"./..."}, regexp.MustCompile(`^kafkalint: the packages could not be listed, so nothing was analysed: go list: exit status 1: go: errors parsing go.mod: .*go.mod:5: usage: require module/path v1.2.3; fix what the go command reports \('go list -deps \./\.\.\.' shows it\)`), 0},
		{"dependency", dep, []string{"./..."}, regexp.MustCompile(`^kafkalint: the results of every analyzer are incomplete in 1 package\(s\) .*: example.com/d;`), 0},
		{"type error", broken, []string{"./..."}, incomplete, 0},
		{"type error, some analyzers", broken, []string{"-revokecommit", "-storeoffset", "./..."}, regexp.MustCompile(`^kafkalint: the results of revokecommit, storeoffset are incomplete in 1 package\(s\)`), 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, stderr := run(t, c.dir, 1, bin, c.args...)
			if !c.last.MatchString(lastLine(stderr)) {
				t.Errorf("last line %q, want %s; stderr:\n%s", lastLine(stderr), c.last, stderr)
			}
			if n := strings.Count(stderr, "(revokecommit)\n"); n != c.reports {
				t.Errorf("%d reports, want %d:\n%s", n, c.reports, stderr)
			}
			stdout, stderr := run(t, c.dir, 1, bin, append([]string{"-json"}, c.args...)...)
			var tree map[string]any
			if err := json.Unmarshal([]byte(stdout), &tree); err != nil || !c.last.MatchString(lastLine(stderr)) {
				t.Errorf("-json: stdout %q (%v), last line of stderr %q", stdout, err, lastLine(stderr))
			}
			stdout, _ = run(t, c.dir, 1, bin, append([]string{"-sarif"}, c.args...)...)
			validateSARIF(t, []byte(stdout))
			var log struct {
				Runs []struct {
					Invocations []struct {
						ExecutionSuccessful        bool
						ToolExecutionNotifications []struct {
							Level   string
							Message struct{ Text string }
						}
					}
					Results []any
				}
			}
			if err := json.Unmarshal([]byte(stdout), &log); err != nil {
				t.Fatal(err)
			}
			inv := log.Runs[0].Invocations[0]
			found := false
			for _, n := range inv.ToolExecutionNotifications {
				found = found || n.Level == "error" && c.last.MatchString("kafkalint: "+n.Message.Text)
			}
			if inv.ExecutionSuccessful || !found || len(log.Runs[0].Results) != c.reports {
				t.Errorf("-sarif: executionSuccessful %v, %d results (want %d), notifications %+v", inv.ExecutionSuccessful, len(log.Runs[0].Results), c.reports, inv.ToolExecutionNotifications)
			}
		})
	}
	// The same with KAFKALINT_LOAD=full.
	if res := runLoad(t, broken, "full", []string{"GOPROXY=off"}, "./..."); res.code != 1 || !incomplete.MatchString(lastLine(res.stderr)) {
		t.Errorf("full load of a broken package: exit %d, stderr:\n%s", res.code, res.stderr)
	}
	// A clean run: exit 3, executionSuccessful true.
	stdout, _ := run(t, app, 3, bin, "-sarif", "./...")
	if !strings.Contains(stdout, `"executionSuccessful": true`) {
		t.Errorf("-sarif on the clean fixture:\n%s", stdout)
	}
}

// TestBuildFlags: -tags (and go vet's other build flags) reach go list: a file
// behind a build tag is analysed only with the tag, given as go vet takes it.
func TestBuildFlags(t *testing.T) {
	dir := fixture(t)
	writeModule(t, dir, map[string]string{"special.go": `//go:build special

package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func special(c *kafka.Consumer) {
	m, _ := c.ReadMessage(-1)
	c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})
}
`})
	_, stderr := run(t, dir, 3, bin, "./...")
	if strings.Contains(stderr, "special.go") {
		t.Errorf("special.go analysed without -tags:\n%s", stderr)
	}
	for _, args := range [][]string{{"-tags", "special"}, {"-tags=special"}, {"-tags=special", "-mod=readonly"}} {
		_, stderr := run(t, dir, 3, bin, append(args, "./...")...)
		if !strings.Contains(stderr, "special.go:9:2: c.StoreOffsets stores the offset of message m itself") {
			t.Errorf("kafkalint %s ./...: special.go not analysed:\n%s", strings.Join(args, " "), stderr)
		}
	}
	// -fix hands over to the general driver with the build flags in GOFLAGS.
	stdout, _ := run(t, dir, 0, bin, "-tags", "special", "-fix", "-diff", "./...")
	if !strings.Contains(stdout, "special.go") {
		t.Errorf("-tags special -fix -diff: no fix of special.go:\n%s", stdout)
	}
	// -C changes directory first, as go vet -C.
	_, stderr = run(t, filepath.Dir(dir), 3, bin, "-C", filepath.Base(dir), "-tags=special", "./...")
	if !strings.Contains(stderr, "special.go:9:2:") {
		t.Errorf("-C: special.go not analysed:\n%s", stderr)
	}
}

// TestSARIFRepository: in a git repository, URIs are relative to its top
// directory (also for a module in a subdirectory, as code scanning needs), and
// the fingerprints stay when lines move above a report.
func TestSARIFRepository(t *testing.T) {
	repo := t.TempDir()
	mod := filepath.Join(repo, "services", "app")
	if err := os.MkdirAll(filepath.Dir(mod), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(fixture(t), mod); err != nil {
		t.Fatal(err)
	}
	run(t, repo, 0, "git", "init", "-q")
	type result struct {
		Locations []struct {
			PhysicalLocation struct {
				ArtifactLocation struct{ URI, URIBaseID string }
				Region           struct{ StartLine int }
			}
		}
		PartialFingerprints map[string]string
	}
	sarifOf := func() (driver map[string]any, base string, results []result) {
		stdout, _ := run(t, mod, 3, bin, "-sarif", "./...")
		validateSARIF(t, []byte(stdout))
		var log struct {
			Runs []struct {
				Tool               struct{ Driver map[string]any }
				OriginalURIBaseIDs map[string]struct{ URI string }
				Results            []result
			}
		}
		if err := json.Unmarshal([]byte(stdout), &log); err != nil {
			t.Fatal(err)
		}
		r := log.Runs[0]
		return r.Tool.Driver, r.OriginalURIBaseIDs["%SRCROOT%"].URI, r.Results
	}
	driver, base, before := sarifOf()
	if v, _ := driver["version"].(string); !strings.HasPrefix(v, "devel") {
		t.Errorf("driver version %q, want devel... (a build in a checkout)", v)
	}
	if !strings.HasSuffix(base, "/") || !strings.HasPrefix(base, "file://") || strings.HasSuffix(base, "/services/app/") {
		t.Errorf("%%SRCROOT%% is %q, want the repository's top directory", base)
	}
	if len(before) != 2 {
		t.Fatalf("%d results, want 2", len(before))
	}
	for _, r := range before {
		loc := r.Locations[0].PhysicalLocation.ArtifactLocation
		if loc.URI != "services/app/app.go" || loc.URIBaseID != "%SRCROOT%" {
			t.Errorf("artifact %+v, want services/app/app.go from %%SRCROOT%%", loc)
		}
	}
	if fp0, fp1 := before[0].PartialFingerprints["kafkalint/v1"], before[1].PartialFingerprints["kafkalint/v1"]; fp0 == "" || fp0 == fp1 {
		t.Errorf("fingerprints %q and %q, want two different ones", fp0, fp1)
	}
	// Two lines inserted above both reports: the lines move, the fingerprints stay.
	file := filepath.Join(mod, "app.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(src), "package app\n", "package app\n\n// Moved.\n", 1)
	if err := os.WriteFile(file, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, after := sarifOf()
	for i := range after {
		if a, b := after[i].Locations[0].PhysicalLocation.Region.StartLine, before[i].Locations[0].PhysicalLocation.Region.StartLine; a != b+2 {
			t.Errorf("result %d at line %d, want %d", i, a, b+2)
		}
		if a, b := after[i].PartialFingerprints, before[i].PartialFingerprints; a["kafkalint/v1"] != b["kafkalint/v1"] {
			t.Errorf("result %d: fingerprint %v after the move, %v before", i, a, b)
		}
	}
}

// TestVersion: -version, and -V=full as go vet reads it (cmd/go: the tool's
// path, "version", and a buildID field last when the version is devel).
func TestVersion(t *testing.T) {
	stdout, _ := run(t, ".", 0, bin, "-version")
	if !regexp.MustCompile(`^kafkalint (v\S+|devel( [0-9a-f]+(\+modified)?)?) \(go\S+\)\n$`).MatchString(stdout) {
		t.Errorf("-version printed %q", stdout)
	}
	stdout, _ = run(t, ".", 0, bin, "-V=full")
	if !regexp.MustCompile(`^` + regexp.QuoteMeta(bin) + ` version \S+ buildID=[0-9a-f]{64}\n$`).MatchString(stdout) {
		t.Errorf("-V=full printed %q", stdout)
	}
}
