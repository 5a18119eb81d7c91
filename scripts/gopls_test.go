package scripts_test

import (
	"path/filepath"
	"strings"
	"testing"
)

var gopls build

// goplsKafkalint returns gopls v0.23.0 with kafkalint's analyzers, built by
// scripts/build-gopls.sh once per test binary.
func goplsKafkalint(t *testing.T) string {
	t.Helper()
	return gopls.binary(t, "build-gopls.sh", "gopls-kafkalint")
}

// TestGoplsCheck: gopls reports revokecommit like any built-in analyzer.
func TestGoplsCheck(t *testing.T) {
	dir := target(t, "v1.4.0")
	r := run(t, dir, goplsKafkalint(t), "check", filepath.Join("app", "app.go"))
	want := filepath.Join(dir, "app", "app.go") + ":20:11-21: " + revokeMsg
	if !strings.Contains(r.stdout, want) {
		t.Errorf("gopls check: exit %d, want a line starting %q; stdout:\n%s\nstderr:\n%s", r.code, want, r.stdout, r.stderr)
	}
}

// TestGoplsCodeAction: gopls offers revokecommit's fix as a quick fix at the
// report's position.
func TestGoplsCodeAction(t *testing.T) {
	dir := target(t, "v1.4.0")
	pos := filepath.Join("app", "app.go") + ":20:11"
	r := run(t, dir, goplsKafkalint(t), "codeaction", "-kind=quickfix", "-exec", "-diff", pos)
	if r.code != 0 {
		t.Fatalf("gopls codeaction %s: exit %d\n%s%s", pos, r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{"+\t\t\tif _, err := c.Commit()", "kafka.OffsetInvalid", "c.StoreOffsets("} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("quick fix diff lacks %q:\n%s", want, r.stdout)
		}
	}
}
