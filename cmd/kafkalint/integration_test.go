package main_test

// The integration test runs the kafkalint command (bin, built by TestMain), as a
// user would, on the bundled demos: testdata/demo (the #209 consumer on the real
// confluent-kafka-go v1.4.0) and testdata/demo-v2 (the same consumer on v2.11.1).
// They are modules of their own, so it needs the go command, cgo with a C
// compiler (the library is a cgo package even for type-checking) and the module
// proxy (or a module cache that holds both library versions).

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// The head of the revokecommit report; the rest names the library version.
const revokeReport = "c.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets ("

// The report on pipeline.go's handler, whose workers store offsets: it has no fix.
const pipelineReport = "pipeline.go:50:11: c.Unassign in RevokedPartitions handler is not preceded on every path by waiting for the goroutines that store its offsets before the commit (on v1.4.0 "

func TestDemo(t *testing.T) {
	goCmd := requireToolchain(t)

	demo := filepath.Join(testutil.TestData(t), "demo")
	pos := unassignPos(t, filepath.Join(demo, "main.go"))

	// A copy, so that -fix does not touch the tree.
	work := filepath.Join(t.TempDir(), "demo")
	if err := os.CopyFS(work, os.DirFS(demo)); err != nil {
		t.Fatal(err)
	}

	// What the demo shows: the #209 handler in main.go, the same handler with
	// workers that store offsets in pipeline.go (commit and invalidate are not
	// enough there: no fix), and in audit.go one mistake for each of three more
	// analyzers.
	want := []string{
		"main.go:" + pos + ": " + revokeReport + "on v1.4.0 ",
		pipelineReport,
		"audit.go:19:31: value of type int64 for \"session.timeout.ms\" is not a string, bool or int",
		"audit.go:33:17: c.StoreOffsets stores the offset of message e itself, not the next one",
		"audit.go:36:3: RevokedPartitions case on c.Poll events never matches",
	}

	t.Run("cli", func(t *testing.T) {
		// Exit status 3: diagnostics were reported.
		out := demoRun(t, bin, work, 3, "./...")
		checkDemoReport(t, out, want...)
	})

	t.Run("vet", func(t *testing.T) {
		// go vet exits 1 when its tool reports anything.
		out := demoRun(t, goCmd, demo, 1, "vet", "-vettool="+bin, "./...")
		checkDemoReport(t, out, want...)
	})

	t.Run("fix", func(t *testing.T) {
		// Only revokecommit and configkey have fixes for the demo's mistakes
		// (storeoffset's needs StoreMessage, which v1.4.0 lacks).
		fixers := []string{"-revokecommit", "-configkey"}
		demoRun(t, bin, work, 0, append(fixers, "-fix", "./...")...)
		file := filepath.Join(work, "main.go")
		fixed := readFile(t, file)
		if !bytes.Contains(fixed, []byte("kafka.OffsetInvalid")) || !bytes.Contains(fixed, []byte("c.Commit()")) {
			t.Fatalf("-fix did not insert the commit and the invalidation; main.go is now:\n%s", fixed)
		}
		if formatted, err := format.Source(fixed); err != nil || !bytes.Equal(formatted, fixed) {
			t.Errorf("fixed main.go is not gofmt-clean (err %v):\n%s", err, fixed)
		}
		// The fixed program compiles (vet type-checks it with cgo and runs the
		// standard checks), kafkalint no longer reports it, and a second -fix
		// changes nothing.
		demoRun(t, goCmd, work, 0, "vet", "./...")
		// Only pipeline.go's report remains: it has no mechanical fix.
		checkDemoReport(t, demoRun(t, bin, work, 3, append(fixers, "./...")...), pipelineReport)
		demoRun(t, bin, work, 0, append(fixers, "-fix", "./...")...)
		if again := readFile(t, file); !bytes.Equal(again, fixed) {
			t.Errorf("a second -fix changed main.go:\n%s", again)
		}
	})

	t.Run("v2", func(t *testing.T) {
		demoV2 := filepath.Join(testutil.TestData(t), "demo-v2")
		// inventory.go: eager calls under cooperative-sticky, wrong on every version.
		// shipping.go: a misread session timeout and a read loop that stops at
		// the first quiet period.
		eager := []string{
			"inventory.go:27:11: c.Assign in AssignedPartitions handler of a consumer using cooperative-sticky",
			"inventory.go:29:11: c.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky",
			`shipping.go:20:25: "30s" for "session.timeout.ms" is read as 30 (`,
			"shipping.go:32:4: return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 100ms",
		}
		// v2.11.1 links librdkafka >= 1.9.0, which prevents the rewind itself:
		// revokecommit reports main.go's handler only with -revokecommit.allversions.
		checkDemoReport(t, demoRun(t, bin, demoV2, 3, "./..."), eager...)
		out := demoRun(t, bin, demoV2, 3, "-revokecommit.allversions", "./...")
		pos := unassignPos(t, filepath.Join(demoV2, "main.go"))
		checkDemoReport(t, out, append(eager, "main.go:"+pos+": "+revokeReport+"harmless on v2.11.1")...)
	})
}

// requireToolchain returns the go command, and fails (the demos cannot be
// checked without them) when it, cgo or the C compiler is missing.
func requireToolchain(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the demos build the real confluent-kafka-go (cgo, a C compiler, the module proxy or a warm module cache); run go test without -short (make test does)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the integration test needs the go command in PATH: %v", err)
	}
	env := func(name string) string {
		out, err := exec.Command(goCmd, "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		return strings.TrimSpace(string(out))
	}
	if env("CGO_ENABLED") != "1" {
		t.Fatal("the integration test needs cgo: confluent-kafka-go is a cgo package; install a C compiler (gcc) and set CGO_ENABLED=1")
	}
	if cc := strings.Fields(env("CC")); len(cc) == 0 {
		t.Fatal("go env CC is empty: install gcc (confluent-kafka-go is a cgo package)")
	} else if _, err := exec.LookPath(cc[0]); err != nil {
		t.Fatalf("the integration test needs the C compiler %q (confluent-kafka-go is a cgo package): %v", cc[0], err)
	}
	return goCmd
}

// demoRun runs name with args in dir and returns its combined output, failing the
// test unless it exits with status want. Subprocesses see GOWORK=off (the demos
// are modules of their own) and GOFLAGS reduced to -buildvcs=false, so that a
// -mod=mod in the environment cannot hide an incomplete go.sum.
func demoRun(t *testing.T, name, dir string, want int, args ...string) string {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	out, err := cmd.CombinedOutput()
	status := 0
	if err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		status = exit.ExitCode()
	}
	if status != want {
		t.Fatalf("%s %s in %s: exit status %d, want %d; output:\n%s", filepath.Base(name), strings.Join(args, " "), dir, status, want, out)
	}
	return string(out)
}

// checkDemoReport checks that out holds exactly the diagnostics want, one line
// containing each, in any order (drivers order them differently).
func checkDemoReport(t *testing.T, out string, want ...string) {
	t.Helper()
	var diags []string
	for line := range strings.SplitSeq(out, "\n") {
		// Related information is indented with a tab after the position, and
		// go vet heads its output with "# package".
		if line == "" || strings.HasPrefix(line, "#") || strings.Contains(line, ": \t") {
			continue
		}
		diags = append(diags, line)
	}
	ok := len(diags) == len(want)
	for _, w := range want {
		found := false
		for _, d := range diags {
			found = found || strings.Contains(d, w)
		}
		ok = ok && found
	}
	if !ok {
		t.Errorf("want %d diagnostics containing\n\t%s\ngot output:\n%s", len(want), strings.Join(want, "\n\t"), out)
	}
}

// unassignPos returns "line:column" of the c.Unassign call in file, where the
// report belongs.
func unassignPos(t *testing.T, file string) string {
	t.Helper()
	var pos string
	for i, line := range strings.Split(string(readFile(t, file)), "\n") {
		if col := strings.Index(line, "c.Unassign()"); col >= 0 {
			if pos != "" {
				t.Fatalf("%s: more than one c.Unassign call", file)
			}
			pos = fmt.Sprintf("%d:%d", i+1, col+1)
		}
	}
	if pos == "" {
		t.Fatalf("%s: no c.Unassign call", file)
	}
	return pos
}

func readFile(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDemoLoads: on both demos, the pruned loading (the library package read from
// export data, its version from module metadata) reports exactly what the full
// load from source reports, in text, -json and -sarif, also with an analyzer flag.
func TestDemoLoads(t *testing.T) {
	requireToolchain(t)
	env := []string{"GOFLAGS=-buildvcs=false"}
	for _, demo := range []string{"demo", "demo-v2", "demo-franzgo"} {
		t.Run(demo, func(t *testing.T) {
			dir := filepath.Join(testutil.TestData(t), demo)
			res := compareLoads(t, dir, env, false, "./...")
			if strings.Contains(res.stderr, brokenPrefix) {
				t.Errorf("the demo has a broken package:\n%s", res.stderr)
			}
			compareLoads(t, dir, env, false, "-revokecommit.allversions", "./...")
		})
	}
}
