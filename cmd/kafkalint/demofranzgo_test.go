package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// The reports on testdata/demo-franzgo, a consumer on the real franz-go v1.22.3.
var franzgoReports = struct{ revoke, mark, close, offset string }{
	revoke: "main.go:28:23: OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns (it replaces kgo's default revoke",
	mark:   "main.go:45:4: cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks, add the option to the client (the marks are dropped, and autocommit commits what was polled, processed or not)",
	close:  "audit.go:20:5: cl.Close inside the OnPartitionsRevoked callback deadlocks",
	offset: "audit.go:38:82: EpochOffset of a record's own offset passed to cl.CommitOffsetsSync, use r.Offset + 1",
}

// TestDemoFranzgo runs the command on testdata/demo-franzgo, a module of its own
// on the real franz-go (pure Go: it needs the go command and the module proxy
// or a warm module cache, no cgo): the command and go vet -vettool report its
// four mistakes, and -fix fixes the two with a mechanical fix into a program
// that compiles and has only the other two left.
func TestDemoFranzgo(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the demo loads the real franz-go (the module proxy or a warm module cache); run go test without -short (make test does)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the demo test needs the go command in PATH: %v", err)
	}
	demo := filepath.Join(testutil.TestData(t), "demo-franzgo")
	work := filepath.Join(t.TempDir(), "demo-franzgo")
	if err := os.CopyFS(work, os.DirFS(demo)); err != nil {
		t.Fatal(err)
	}
	r := franzgoReports
	all := []string{r.revoke, r.mark, r.close, r.offset}

	t.Run("cli", func(t *testing.T) {
		checkDemoReport(t, demoRun(t, bin, work, 3, "./..."), all...)
	})
	t.Run("vet", func(t *testing.T) {
		checkDemoReport(t, demoRun(t, goCmd, demo, 1, "vet", "-vettool="+bin, "./..."), all...)
	})
	t.Run("fix", func(t *testing.T) {
		demoRun(t, bin, work, 0, "-fix", "./...")
		fixed := readFile(t, filepath.Join(work, "audit.go"))
		for _, want := range []string{"go cl.Close()", "Offset: r.Offset + 1}"} {
			if !bytes.Contains(fixed, []byte(want)) {
				t.Errorf("-fix did not write %q; audit.go is now:\n%s", want, fixed)
			}
		}
		demoRun(t, goCmd, work, 0, "vet", "./...")
		checkDemoReport(t, demoRun(t, bin, work, 3, "./..."), r.revoke, r.mark)
	})
}
