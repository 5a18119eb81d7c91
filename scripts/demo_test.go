package scripts_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The demo (testdata/demo) is the #209 consumer on the real confluent-kafka-go
// v1.4.0, a cgo package: these tests need cgo, a C compiler, and the module
// proxy or a module cache holding the library.

// demo copies testdata/demo to a new directory with docs/golangci-lint.md's .golangci.yml,
// and returns it with the line and column of its reported Unassign call.
func demo(t *testing.T) (dir string, line, col int) {
	t.Helper()
	needCgo(t)
	src := filepath.Join(repoRoot(t), "testdata", "demo")
	dir = filepath.Join(t.TempDir(), "demo")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, ".golangci.yml"), read(t, filepath.Join(repoRoot(t), "testdata", "integration", ".golangci.yml")))
	for i, l := range strings.Split(read(t, filepath.Join(dir, "main.go")), "\n") {
		if c := strings.Index(l, "return c.Unassign()"); c >= 0 {
			return dir, i + 1, c + len("return ") + 1
		}
	}
	t.Fatal("testdata/demo/main.go has no return c.Unassign()")
	return
}

// needCgo fails the test at once, with one line, when the real library cannot be compiled.
func needCgo(t *testing.T) {
	t.Helper()
	skipShort(t, "runs on the real confluent-kafka-go (cgo, a C compiler, the module proxy or a warm module cache)")
	out, err := exec.Command("go", "env", "CGO_ENABLED", "CC").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	f := strings.Fields(string(out))
	if len(f) < 2 || f[0] != "1" {
		t.Fatal("the demo tests need cgo (confluent-kafka-go is a cgo package): install a C compiler and set CGO_ENABLED=1")
	}
	if _, err := exec.LookPath(f[1]); err != nil {
		t.Fatalf("the demo tests need the C compiler %q (confluent-kafka-go is a cgo package); install it", f[1])
	}
}

// TestDemoGolangci: on the real library, the custom binary reports the demo's
// mistakes under kafkalint, and --fix rewrites the #209 handler.
func TestDemoGolangci(t *testing.T) {
	dir, line, col := demo(t)
	issues := lint(t, dir, "          {}\n")
	var found bool
	analyzers := map[string]bool{}
	for _, is := range issues {
		name, _, _ := strings.Cut(is.Text, ": ")
		analyzers[name] = true
		if is.Pos.Filename == "main.go" && is.Pos.Line == line && is.Pos.Column == col &&
			strings.HasPrefix(is.Text, "revokecommit: "+revokeMsg) && len(is.SuggestedFixes) == 1 {
			found = true
		}
	}
	if !found {
		t.Errorf("no revokecommit report with a fix at main.go:%d:%d:%s", line, col, describe(issues))
	}
	for _, a := range []string{"configkey", "storeoffset", "pollrebalance"} {
		if !analyzers[a] {
			t.Errorf("no %s report on the demo's audit.go:%s", a, describe(issues))
		}
	}

	lint(t, dir, "          enable: [revokecommit]\n", "--fix")
	fixed := read(t, filepath.Join(dir, "main.go"))
	if !strings.Contains(fixed, "kafka.OffsetInvalid") || !strings.Contains(fixed, "c.Commit()") {
		t.Fatalf("--fix did not rewrite the handler; main.go is now:\n%s", fixed)
	}
	if r := run(t, dir, "go", "vet", "./..."); r.code != 0 {
		t.Errorf("the fixed demo does not vet:\n%s%s", r.stdout, r.stderr)
	}
	if got := reportsAt(lint(t, dir, "          enable: [revokecommit]\n"), line); len(got) != 0 {
		t.Errorf("still reported after --fix:%s", describe(got))
	}
}

// TestDemoGopls: on the real library, gopls reports the #209 handler and
// offers the fix.
func TestDemoGopls(t *testing.T) {
	dir, line, col := demo(t)
	gopls := goplsKafkalint(t)
	r := run(t, dir, gopls, "check", "main.go")
	want := filepath.Join(dir, "main.go") + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + "-" + strconv.Itoa(col+10) + ": " + revokeMsg
	if !strings.Contains(r.stdout, want) {
		t.Errorf("gopls check main.go: exit %d, want a line starting %q; stdout:\n%s\nstderr:\n%s", r.code, want, r.stdout, r.stderr)
	}
	pos := "main.go:" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
	r = run(t, dir, gopls, "codeaction", "-kind=quickfix", "-exec", "-diff", pos)
	if r.code != 0 || !strings.Contains(r.stdout, "kafka.OffsetInvalid") || !strings.Contains(r.stdout, "c.Commit()") {
		t.Errorf("gopls codeaction %s: exit %d, no fix with the commit and the invalidation:\n%s%s", pos, r.code, r.stdout, r.stderr)
	}
}
