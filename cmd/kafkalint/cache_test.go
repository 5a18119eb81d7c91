package main_test

// The result cache (cache.go): a cached run prints what an uncached run prints,
// byte for byte, in text, -json and -sarif modes.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cacheRun is the command on testdata/tree with its own cache directory and a
// log of what the cache did (KAFKALINT_CACHE_LOG).
type cacheRun struct {
	t        *testing.T
	dir      string // the module
	cacheDir string
	log      string
}

func newCacheRun(t *testing.T) *cacheRun {
	return &cacheRun{t: t, dir: copyTree(t), cacheDir: t.TempDir(), log: filepath.Join(t.TempDir(), "cache.log")}
}

// run runs the command with the cache and returns the run and what the cache did
// ("hit", "miss stored", ...).
func (c *cacheRun) run(args ...string) (result, string) {
	c.t.Helper()
	if err := os.Remove(c.log); err != nil && !os.IsNotExist(err) {
		c.t.Fatal(err)
	}
	r := runLoad(c.t, c.dir, "", []string{"KAFKALINT_CACHE=" + c.cacheDir, "KAFKALINT_CACHE_LOG=" + c.log}, args...)
	data, err := os.ReadFile(c.log)
	if err != nil && !os.IsNotExist(err) {
		c.t.Fatal(err)
	}
	return r, strings.Join(strings.Fields(string(data)), " ")
}

// uncached runs the command without the cache.
func (c *cacheRun) uncached(args ...string) result {
	c.t.Helper()
	return runLoad(c.t, c.dir, "", []string{"KAFKALINT_CACHE=off"}, args...)
}

// check compares, in each output mode, an uncached run with two cached runs:
// the first must analyse (the edit before it changed the key) and store, the
// second print from the cache; all three must be identical.
func (c *cacheRun) check(step string, args ...string) {
	c.t.Helper()
	for _, mode := range [][]string{nil, {"-json"}, {"-sarif"}} {
		a := append(append([]string{}, mode...), args...)
		want := c.uncached(a...)
		if want.stdout == "" && want.stderr == "" {
			c.t.Fatalf("%s, %q: the uncached run printed nothing", step, a)
		}
		for i, wantLog := range []string{"miss stored", "hit"} {
			got, log := c.run(a...)
			if log != wantLog {
				c.t.Errorf("%s, %q, cached run %d: the cache did %q, want %q", step, a, i+1, log, wantLog)
			}
			if got != want {
				c.t.Errorf("%s, %q, cached run %d (%s): output differs from the uncached run's\nuncached (exit %d):\n%s%s\ncached (exit %d):\n%s%s",
					step, a, i+1, log, want.code, want.stdout, want.stderr, got.code, got.stdout, got.stderr)
			}
		}
	}
}

// edit replaces old by new in the module's file name (old "" appends new).
func (c *cacheRun) edit(name, old, new string) {
	c.t.Helper()
	path := filepath.Join(c.dir, name)
	data, err := os.ReadFile(path)
	if err != nil && !(os.IsNotExist(err) && old == "") {
		c.t.Fatal(err)
	}
	s := string(data)
	if old == "" {
		s += new
	} else {
		if !strings.Contains(s, old) {
			c.t.Fatalf("%s does not contain %q", name, old)
		}
		s = strings.Replace(s, old, new, 1)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

// TestCacheUnchanged: on an unchanged module, the second run prints from the
// cache what the first, and an uncached run, print.
func TestCacheUnchanged(t *testing.T) {
	newCacheRun(t).check("unchanged module", "./...")
}

// TestCacheOff: -cache=off and KAFKALINT_CACHE=off analyse and store nothing;
// -cache=DIR beats KAFKALINT_CACHE.
func TestCacheOff(t *testing.T) {
	c := newCacheRun(t)
	if _, log := c.run("-cache=off", "./..."); log != "" {
		t.Errorf("-cache=off: the cache did %q", log)
	}
	if entries, err := os.ReadDir(c.cacheDir); err != nil || len(entries) != 0 {
		t.Errorf("-cache=off wrote %d entries to the cache (%v)", len(entries), err)
	}
	other := t.TempDir()
	if _, log := c.run("-cache="+other, "./..."); log != "miss stored" {
		t.Errorf("-cache=DIR: the cache did %q", log)
	}
	if _, log := c.run("-cache", other, "./..."); log != "hit" {
		t.Errorf("-cache DIR, rerun: the cache did %q", log)
	}
	if _, err := os.Stat(filepath.Join(other, "README")); err != nil {
		t.Errorf("-cache=DIR: %v", err)
	}
}
