package scripts_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// tmp holds what the builds and runs of this test binary write, the binaries,
// golangci-lint's and gopls' caches and their temporary directory included, so no
// run sees another's cache or lock.
var tmp string

func TestMain(m *testing.M) {
	var err error
	tmp, err = os.MkdirTemp("", "kafkalint-scripts-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(tmp)
	os.Exit(code)
}

// repoRoot returns the absolute path of the kafkalint checkout.
func repoRoot(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the test source")
	}
	return filepath.Dir(filepath.Dir(file))
}

// skipShort skips the test under go test -short, saying what it needs that the
// short tier does without (CONTRIBUTING.md: Running the tests).
func skipShort(t *testing.T, needs string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("-short: this test %s; run go test without -short (make test does)", needs)
	}
}

// needTools fails the test at once, with one line, when a program the
// scripts need is not installed.
func needTools(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			t.Fatalf("%s not found in PATH: the build scripts need it; install it and rerun", n)
		}
	}
}

// A build is one script run, done once per test binary.
type build struct {
	once sync.Once
	path string
	err  error
}

// binary runs script (relative to scripts/) once, into its own directory, and
// returns the path of the binary it writes.
func (b *build) binary(t *testing.T, script, binary string) string {
	t.Helper()
	skipShort(t, "builds "+binary+" with scripts/"+script+" from the Go module proxy (minutes on a cold cache)")
	needTools(t, "bash", "go")
	b.once.Do(func() {
		dir := filepath.Join(tmp, "bin-"+binary)
		start := time.Now()
		cmd := exec.Command("bash", filepath.Join(repoRoot(t), "scripts", script), dir)
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.err = fmt.Errorf("scripts/%s: %w\n%s", script, err, out)
			return
		}
		t.Logf("scripts/%s built %s in %s", script, binary, time.Since(start).Round(time.Second))
		b.path = filepath.Join(dir, binary)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// target copies testdata/integration to a new directory, requiring the given
// confluent-kafka-go version (replaced by the stub), and returns its path.
func target(t *testing.T, version string) string {
	t.Helper()
	root := repoRoot(t)
	dir := t.TempDir()
	stub := filepath.Join(root, "testdata", "src", "github.com", "confluentinc", "confluent-kafka-go")
	gomod := fmt.Sprintf("module example.com/integration\n\ngo 1.21\n\n"+
		"require github.com/confluentinc/confluent-kafka-go %s\n\n"+
		"replace github.com/confluentinc/confluent-kafka-go => %s\n", version, stub)
	write(t, filepath.Join(dir, "go.mod"), gomod)
	src := filepath.Join(root, "testdata", "integration", "app")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "app", e.Name()), string(data))
	}
	return dir
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// result is what a program run printed and how it exited.
type result struct {
	stdout, stderr string
	code           int
}

// run runs a program in dir with the caches of this test binary, and returns
// its output and exit code; it fails the test only if the program cannot start.
func run(t *testing.T, dir, prog string, args ...string) result {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	// golangci-lint takes a lock in the temporary directory and stops when
	// another golangci-lint holds it ("parallel golangci-lint is running"): a
	// temporary directory of this test binary keeps other runs on the machine out.
	tmpdir := filepath.Join(tmp, "tmp")
	if err := os.MkdirAll(tmpdir, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(),
		"GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local",
		"GOLANGCI_LINT_CACHE="+filepath.Join(tmp, "golangci-cache"),
		"GOPLSCACHE="+filepath.Join(tmp, "gopls-cache"),
		"TMPDIR="+tmpdir,
	)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%s %s: %v", prog, strings.Join(args, " "), err)
		}
		r.code = ee.ExitCode()
	}
	return r
}
