package testutil

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// CopyModule copies the module at src to a temporary directory, points its
// replace directive for module at the library's stub under testdata/src, and
// returns the copy's directory: the command's tests run it on module trees
// that use a client without the network. With rewrite set, the copy uses the
// stub of the module at that path instead: every mention of module in its
// files becomes rewrite (sarama's two paths, from one tree).
func CopyModule(t testing.TB, src, module, rewrite string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	if rewrite != "" {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(path, bytes.ReplaceAll(b, []byte(module), []byte(rewrite)), 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
		module = rewrite
	}
	stub, err := filepath.Abs(filepath.Join(TestData(t), "src", filepath.FromSlash(module)))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "mod", "edit", "-replace", module+"="+stub)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod edit: %v\n%s", err, out)
	}
	return dir
}
