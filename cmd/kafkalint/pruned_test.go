package main_test

// The command loads from source only the packages that reach the library
// (load.go); KAFKALINT_LOAD=full loads everything, as multichecker does. These
// tests run both on the fixture trees and compare the reports byte for byte.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// copyTree copies the module testdata/tree to a temporary directory, pointing
// its replace directive at the stub, and returns the copy's directory.
func copyTree(t *testing.T) string {
	return testutil.CopyModule(t, filepath.Join("testdata", "tree"), "github.com/confluentinc/confluent-kafka-go", "")
}

// result is one run of the command.
type result struct {
	code           int
	stdout, stderr string
}

// runLoad runs the command in dir with KAFKALINT_LOAD=load ("" for the pruned
// loading), offline plus extra environment.
func runLoad(t *testing.T, dir, load string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), bin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOFLAGS=", "KAFKALINT_LOAD="+load), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("kafkalint %s: %v", strings.Join(args, " "), err)
	}
	return result{code, out.String(), errOut.String()}
}

// brokenPrefix starts the line the pruned loading prints for a broken package.
const brokenPrefix = "kafkalint: package "

// compareLoads runs the command on pkgs in dir with the full and the pruned
// loading, in text, -json and -sarif modes, and fails unless the reports are the
// same, byte for byte. It returns the pruned text run. The full loading prints
// every error of every package before the reports; the pruned one prints one
// line for each broken package it loaded, then the reports: the reports are the
// text after those lines, and must end the full run's output but for the gate's
// lines after them (gate.go), which name what each loading could not load.
// broken says whether the packages have errors: then both loadings must exit 1
// (text, -json and -sarif alike), otherwise 3 (text, -sarif) and 0 (-json).
func compareLoads(t *testing.T, dir string, env []string, broken bool, pkgs ...string) result {
	t.Helper()
	full := runLoad(t, dir, "full", env, pkgs...)
	pruned := runLoad(t, dir, "", env, pkgs...)
	var brokenLines []string
	reports := pruned.stderr
	for strings.HasPrefix(reports, brokenPrefix) {
		line, rest, _ := strings.Cut(reports, "\n")
		brokenLines = append(brokenLines, line)
		reports = rest
	}
	fullReports, fullGate := cutGate(full.stderr)
	reports, gate := cutGate(reports)
	if reports == "" || !strings.HasSuffix(fullReports, reports) || pruned.stdout != full.stdout {
		t.Errorf("text: the reports differ.\nfull load:\n%s\npruned load:\n%s", full.stderr, pruned.stderr)
	}
	if len(brokenLines) == 0 && pruned.stderr != full.stderr {
		t.Errorf("text: no broken package, but the outputs differ.\nfull load:\n%s\npruned load:\n%s", full.stderr, pruned.stderr)
	}
	want, wantJSON := 3, 0
	if broken {
		want, wantJSON = 1, 1
	}
	if full.code != want || pruned.code != want || broken != (gate != "") || broken != (fullGate != "") {
		t.Errorf("text: exit codes %d (full) and %d (pruned), want %d; gate lines %q (full) and %q (pruned)", full.code, pruned.code, want, fullGate, gate)
	}

	args := append([]string{"-json"}, pkgs...)
	if f, p := runLoad(t, dir, "full", env, args...), runLoad(t, dir, "", env, args...); f.stdout != p.stdout || p.code != wantJSON || f.code != wantJSON || !strings.Contains(p.stdout, `"posn"`) {
		t.Errorf("-json: outputs differ or exit codes %d (full), %d (pruned), want %d.\nfull load:\n%s\npruned load:\n%s", f.code, p.code, wantJSON, f.stdout, p.stdout)
	}

	args = append([]string{"-sarif"}, pkgs...)
	f, p := runLoad(t, dir, "full", env, args...), runLoad(t, dir, "", env, args...)
	if fr, pr := sarifRuns(t, f.stdout), sarifRuns(t, p.stdout); fr != pr || p.code != want || f.code != want {
		t.Errorf("-sarif: results differ or exit codes %d (full), %d (pruned), want %d.\nfull load:\n%s\npruned load:\n%s", f.code, p.code, want, fr, pr)
	}
	return pruned
}

// cutGate splits a text run's standard error into what precedes the gate's
// lines (gate.go: "kafkalint: ..." after the reports) and those lines.
func cutGate(stderr string) (before, gate string) {
	lines := strings.SplitAfter(stderr, "\n")
	i := len(lines)
	for i > 0 && (lines[i-1] == "" || strings.HasPrefix(lines[i-1], "kafkalint: ") && !strings.HasPrefix(lines[i-1], brokenPrefix)) {
		i--
	}
	return strings.Join(lines[:i], ""), strings.Join(lines[i:], "")
}

// sarifRuns returns the tool and results of a SARIF log, re-encoded: what must not
// depend on the loading (the notifications about broken packages do).
func sarifRuns(t *testing.T, data string) string {
	t.Helper()
	var log struct {
		Runs []struct {
			Tool    json.RawMessage `json:"tool"`
			Results json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(data), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF log does not parse (%v):\n%s", err, data)
	}
	return string(log.Runs[0].Tool) + "\n" + string(log.Runs[0].Results)
}

// TestPrunedApp: the command fixture, one clean package.
func TestPrunedApp(t *testing.T) {
	dir := fixture(t)
	res := compareLoads(t, dir, []string{"GOPROXY=off"}, false, "./...")
	checkReports(t, res.stderr)
}

// TestPrunedTree: testdata/tree, with facts across packages, a broken dependency
// that does not reach the library (metrics, imported by app), a broken package
// that nothing using the library imports (legacy), and a broken test file (app's).
// Each broken package that matters costs one line; the analyzers run on app and
// its ill-typed test variant all the same; legacy is never type-checked.
func TestPrunedTree(t *testing.T) {
	dir := copyTree(t)
	res := compareLoads(t, dir, []string{"GOPROXY=off"}, true, "./...")
	wantBroken := []string{
		brokenPrefix + "example.com/tree/metrics has errors: " + filepath.Join(dir, "metrics", "metrics.go") + ":6:36: undefined: undefinedWeight",
		brokenPrefix + "example.com/tree/app [example.com/tree/app.test] has errors: " + filepath.Join(dir, "app", "app_test.go") +
			`:7:14: cannot use "one" (untyped string constant) as int value in variable declaration (and 1 more)`,
	}
	lines := strings.Split(res.stderr, "\n")
	if len(lines) < len(wantBroken) || strings.Join(lines[:len(wantBroken)], "\n") != strings.Join(wantBroken, "\n") {
		t.Errorf("the broken packages' lines are not, in order:\n%s\noutput:\n%s", strings.Join(wantBroken, "\n"), res.stderr)
	}
	if n := strings.Count(res.stderr, brokenPrefix); n != len(wantBroken) || strings.Contains(res.stderr, "legacy") {
		t.Errorf("%d broken-package lines, want %d, none for legacy:\n%s", n, len(wantBroken), res.stderr)
	}
	for _, want := range []string{
		"app.go:16:2: handlers.Rebalance (handlers.go:14) calls Unassign in a RevokedPartitions handler", // facts of handlers and config
		"app.go:31:4: handlers.GiveUp (handlers.go:21) calls Unassign in a RevokedPartitions handler",
		"app.go:58:11: c.Unassign in RevokedPartitions handler is not preceded", // helpers' facts: MaybeCommit may not commit
		"app.go:68:2: c.StoreOffsets stores the offset of message m itself",     // in the package that imports broken metrics
	} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("missing report %q in:\n%s", want, res.stderr)
		}
	}
	if strings.Contains(res.stderr, "app.go:46:") {
		t.Errorf("reported the handler that helpers.Finish makes safe:\n%s", res.stderr)
	}
	// The gate's line, last: the packages whose results are incomplete (app,
	// which imports the broken metrics; its test variant and test main).
	if _, gate := cutGate(res.stderr); gate != "kafkalint: the results of every analyzer are incomplete in 3 package(s) that did not type-check in full (errors above): "+
		"example.com/tree/app, example.com/tree/app [example.com/tree/app.test], example.com/tree/app.test; fix the errors (go build shows them) and run kafkalint again\n" {
		t.Errorf("gate line %q", gate)
	}
}

// TestPrunedEachClient: the driver's contract (CONTRIBUTING.md, "Adding a
// rule") on a module tree of each client other than confluent-kafka-go: the
// command, which leaves worker out for its test variant in text mode
// (TestCoveredEachClient), prints in text, -json and -sarif what the full
// loading, which analyses every package and variant, prints; and the reports
// of worker's and poller's files are there.
func TestPrunedEachClient(t *testing.T) {
	for _, tree := range []struct{ name, module, rewrite, worker, poller string }{
		{"sarama", "github.com/IBM/sarama", "", "worker.go:20:3: sess.MarkOffset marks", "poller.go:18:15: receive from claim.Messages()"},
		{"sarama", "github.com/IBM/sarama", "github.com/Shopify/sarama", "worker.go:20:3: sess.MarkOffset marks", "poller.go:18:15: receive from claim.Messages()"},
		{"franzgo", "github.com/twmb/franz-go", "", "worker.go:23:9: cl.PollRecords on a client with kgo.BlockRebalanceOnPoll", "poller.go:25:3: p.cl.PollRecords"},
		{"kafkago", "github.com/segmentio/kafka-go", "", "worker.go:26:26: m is used here also when FetchMessage failed", "poller.go:18:6: m is used here also when FetchMessage failed"},
	} {
		t.Run(tree.module+tree.rewrite, func(t *testing.T) {
			dir := testutil.CopyModule(t, filepath.Join("testdata", "clients", tree.name), tree.module, tree.rewrite)
			res := compareLoads(t, dir, []string{"GOPROXY=off"}, false, "./...")
			for _, want := range []string{tree.worker, tree.poller} {
				if n := strings.Count(res.stderr, want); n != 1 {
					t.Errorf("%d reports %q, want 1, in:\n%s", n, want, res.stderr)
				}
			}
		})
	}
}

// TestPrunedTreeWorkspace: in a go.work workspace go.mod cannot tell what reaches
// a client, so the command lists the import graph before the export data (two
// listings instead of one): the same reports as the full loading.
func TestPrunedTreeWorkspace(t *testing.T) {
	dir := copyTree(t)
	work := filepath.Join(dir, "go.work")
	if err := os.WriteFile(work, []byte("go 1.21\n\nuse .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	compareLoads(t, dir, []string{"GOPROXY=off", "GOWORK=" + work}, true, "./...")
}

// TestPrunedNothingReaches: packages that cannot reach the library, broken or
// not, cost nothing: no output, exit 0 (with -json, the empty tree; with -fix,
// nothing to do).
func TestPrunedNothingReaches(t *testing.T) {
	dir := copyTree(t)
	env := []string{"GOPROXY=off"}
	for _, args := range [][]string{
		{"./tool", "./legacy", "./metrics"},
		{"-fix", "./tool", "./legacy", "./metrics"},
		{"-revokecommit.allversions", "./legacy/..."},
	} {
		if res := runLoad(t, dir, "", env, args...); res.code != 0 || res.stdout != "" || res.stderr != "" {
			t.Errorf("kafkalint %s: exit %d, stdout %q, stderr %q; want 0 and no output", strings.Join(args, " "), res.code, res.stdout, res.stderr)
		}
	}
	if res := runLoad(t, dir, "", env, "-json", "./tool", "./legacy"); res.code != 0 || res.stdout != "{}\n" || res.stderr != "" {
		t.Errorf("kafkalint -json: exit %d, stdout %q, stderr %q; want 0 and {}", res.code, res.stdout, res.stderr)
	}
	// The full loading reports the broken packages (the difference).
	if res := runLoad(t, dir, "full", env, "./tool", "./legacy"); res.code != 1 || !strings.Contains(res.stderr, "legacy.go:6:24") {
		t.Errorf("full load of broken packages: exit %d, stderr %q; want 1 and legacy's error", res.code, res.stderr)
	}
	// -test=false: no test variant, so no broken one; app imports the broken
	// metrics, and its results are incomplete (exit 1).
	if res := runLoad(t, dir, "", env, "-test=false", "./..."); res.code != 1 || strings.Contains(res.stderr, "app_test.go") ||
		!strings.HasSuffix(res.stderr, "in 1 package(s) that did not type-check in full (errors above): example.com/tree/app; fix the errors (go build shows them) and run kafkalint again\n") {
		t.Errorf("-test=false: exit %d, stderr:\n%s", res.code, res.stderr)
	}
}

// TestPrunedFix: -fix and -diff on the tree rewrite only what reaches the library,
// and the same way as the full loading.
func TestPrunedFix(t *testing.T) {
	env := []string{"GOPROXY=off"}
	full, pruned := copyTree(t), copyTree(t)
	f, p := runLoad(t, full, "full", env, "-fix", "-diff", "./..."), runLoad(t, pruned, "", env, "-fix", "-diff", "./...")
	diff := func(s, dir string) string { return strings.ReplaceAll(s, dir, "DIR") }
	if diff(f.stdout, full) != diff(p.stdout, pruned) || !strings.Contains(p.stdout, "+++ ") {
		t.Errorf("-fix -diff differ.\nfull load:\n%s\npruned load:\n%s", f.stdout, p.stdout)
	}
}

// TestPrunedFixSome: on the tree without its broken packages (and tool, which
// imports one), -fix hands
// multichecker only the packages with a fix (app, poller, worker; not config,
// handlers or helpers, whose analysis gives their importers facts but no fix),
// and the diff and the rewritten files are the full loading's.
func TestPrunedFixSome(t *testing.T) {
	env := []string{"GOPROXY=off"}
	repair := func(dir string) string {
		for _, name := range []string{"app/app_test.go", "legacy", "tool"} {
			if err := os.RemoveAll(filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
		metrics := "package metrics\n\n// Count counts an event.\nfunc Count(name string) { total++ }\n\nvar total int\n"
		if err := os.WriteFile(filepath.Join(dir, "metrics", "metrics.go"), []byte(metrics), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	full, pruned := repair(copyTree(t)), repair(copyTree(t))
	// Nothing broken: the pruned -fix takes the path that picks packages.
	if res := runLoad(t, pruned, "", env, "./..."); res.code != 3 || strings.Contains(res.stderr, brokenPrefix) {
		t.Fatalf("kafkalint ./... on the repaired tree: exit %d, want 3 and no broken package:\n%s", res.code, res.stderr)
	}
	f, p := runLoad(t, full, "full", env, "-fix", "-diff", "./..."), runLoad(t, pruned, "", env, "-fix", "-diff", "./...")
	diff := func(s, dir string) string { return strings.ReplaceAll(s, dir, "DIR") }
	if f.code != 0 || p.code != 0 || diff(f.stdout, full) != diff(p.stdout, pruned) || diff(f.stderr, full) != diff(p.stderr, pruned) {
		t.Errorf("-fix -diff differ.\nfull load (exit %d):\n%s%s\npruned load (exit %d):\n%s%s", f.code, f.stdout, f.stderr, p.code, p.stdout, p.stderr)
	}
	for _, file := range []string{"app/app.go", "poller/poller.go", "worker/worker.go"} {
		if !strings.Contains(p.stdout, "+++ "+filepath.Join(pruned, file)) {
			t.Errorf("-fix -diff: no fix of %s:\n%s", file, p.stdout)
		}
	}
	runLoad(t, full, "full", env, "-fix", "./...")
	runLoad(t, pruned, "", env, "-fix", "./...")
	for _, file := range []string{"app/app.go", "config/config.go", "handlers/handlers.go", "helpers/helpers.go", "poller/poller.go", "worker/worker.go"} {
		a, errA := os.ReadFile(filepath.Join(full, file))
		b, errB := os.ReadFile(filepath.Join(pruned, file))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("-fix: %s differs between the loadings (%v, %v)", file, errA, errB)
		}
	}
}

// TestPrunedProfiles: -cpuprofile, -memprofile and -trace profile the pruned
// loading (which never looks at the broken package legacy; the full loading
// reports it and exits 1), and write their files.
func TestPrunedProfiles(t *testing.T) {
	dir := copyTree(t)
	prof := t.TempDir()
	args := []string{"-cpuprofile=" + filepath.Join(prof, "cpu"), "-memprofile=" + filepath.Join(prof, "mem"), "-trace=" + filepath.Join(prof, "trace"), "./tool", "./legacy", "./app"}
	if res := runLoad(t, dir, "", []string{"GOPROXY=off"}, args...); res.code != 1 || strings.Contains(res.stderr, "legacy") {
		t.Errorf("kafkalint %s: exit %d, want 1 (app imports the broken metrics) and no word of legacy:\n%s", strings.Join(args, " "), res.code, res.stderr)
	}
	for _, name := range []string{"cpu", "mem", "trace"} {
		if fi, err := os.Stat(filepath.Join(prof, name)); err != nil || fi.Size() == 0 {
			t.Errorf("-%s: no profile written (%v)", name, err)
		}
	}
}

// TestPrunedImportCycle: an import cycle among packages that reach a client
// costs a line per package, as any broken package does; the loader used to
// wait on a package for itself (deadlock, before any output).
func TestPrunedImportCycle(t *testing.T) {
	dir := t.TempDir()
	stub, err := filepath.Abs(filepath.Join("..", "..", "testdata", "src", "github.com", "confluentinc", "confluent-kafka-go"))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]string{
		"go.mod": "module example.com/cyc\n\ngo 1.22\n\nrequire github.com/confluentinc/confluent-kafka-go v1.8.2\n\nreplace github.com/confluentinc/confluent-kafka-go => " + stub + "\n",
		"a/a.go": "package a\n\nimport (\n\t\"example.com/cyc/b\"\n\t\"github.com/confluentinc/confluent-kafka-go/kafka\"\n)\n\nvar C *kafka.Consumer\n\nvar X = b.Y\n",
		"b/b.go": "package b\n\nimport \"example.com/cyc/a\"\n\nvar Y = 1\n\nvar Z = a.C\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A deadlock must fail the test, not hang it until the suite's timeout.
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOPROXY=off", "KAFKALINT_LOAD=")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("kafkalint did not finish on an import cycle:\n%s", out)
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	if want := brokenPrefix + "example.com/cyc/a has errors: -: import cycle not allowed"; !strings.Contains(string(out), want) || strings.Contains(string(out), "panic") {
		t.Errorf("want a line %q and no panic; output:\n%s", want, out)
	}
}
