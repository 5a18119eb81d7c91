package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// The reports on testdata/demo-sarama, a consumer group on the real
// github.com/IBM/sarama v1.61.1 with one mistake for each sarama analyzer
// (two for claimloop).
var saramaReports = []string{
	"handler.go:19:15: receive from claim.Messages() in (*billing).ConsumeClaim does not check for a closed channel, use the comma-ok form and return when !ok (",
	"handler.go:25:4: sess.MarkOffset marks the offset of message msg itself, not the next one, use sess.MarkMessage(msg, metadata) or msg.Offset+1 (",
	"refunds.go:19:2: loop over claim.Messages() in (*refunds).ConsumeClaim blocks and never watches sess.Context().Done(), select on it and return when it is done (",
	"main.go:39:12: group.Consume is not called in a loop, call it again until the context is done (",
	"main.go:29:16: sarama.NewConsumerGroup gets a configuration with Consumer.Offsets.AutoCommit.Enable false and nothing in the program calls session.Commit(), commit after marking, in ConsumeClaim or Cleanup (",
	"receipts.go:23:4: goroutine started in receipts.ConsumeClaim marks offsets and ConsumeClaim does not wait for it, wait before returning or in Cleanup (",
}

// TestDemoSarama runs kafkalint, go vet -vettool and -fix on the sarama demo.
// sarama is pure Go, so it needs the go command and the module proxy (or a
// module cache that holds sarama v1.61.1 and its dependencies), not cgo.
func TestDemoSarama(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the demo builds the real github.com/IBM/sarama (the module proxy or a warm module cache); run go test without -short (make test does)")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the demo test needs the go command in PATH: %v", err)
	}
	demo := filepath.Join(testutil.TestData(t), "demo-sarama")
	work := filepath.Join(t.TempDir(), "demo-sarama")
	if err := os.CopyFS(work, os.DirFS(demo)); err != nil {
		t.Fatal(err)
	}

	t.Run("cli", func(t *testing.T) {
		checkDemoReport(t, demoRun(t, bin, work, 3, "./..."), saramaReports...)
	})
	t.Run("vet", func(t *testing.T) {
		checkDemoReport(t, demoRun(t, goCmd, demo, 1, "vet", "-vettool="+bin, "./..."), saramaReports...)
	})
	t.Run("fix", func(t *testing.T) {
		// claimloop's and markoffset's reports have fixes; the other four
		// remain.
		fixers := []string{"-claimloop", "-markoffset"}
		demoRun(t, bin, work, 0, append(fixers, "-fix", "./...")...)
		fixed := readFile(t, filepath.Join(work, "handler.go"))
		for _, want := range []string{"case msg, ok := <-claim.Messages():", "if !ok {", "sess.MarkMessage(msg, \"\")"} {
			if !bytes.Contains(fixed, []byte(want)) {
				t.Fatalf("-fix did not write %q; handler.go is now:\n%s", want, fixed)
			}
		}
		demoRun(t, goCmd, work, 0, "vet", "./...")
		checkDemoReport(t, demoRun(t, bin, work, 3, "./..."), saramaReports[2:]...)
	})
}
