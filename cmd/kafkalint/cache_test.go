package main_test

// The result cache (cache.go): a cached run prints what an uncached run prints,
// byte for byte, in text, -json and -sarif modes, after each kind of edit that
// can change the results, and a damaged entry costs an analysis, not a report.

import (
	"io/fs"
	"os"
	"os/exec"
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

// edit replaces old by new in the module's file name (old "" appends new,
// creating the file and its directory if need be).
func (c *cacheRun) edit(name, old, new string) {
	c.t.Helper()
	path := filepath.Join(c.dir, name)
	data, err := os.ReadFile(path)
	if err != nil && (!os.IsNotExist(err) || old != "") {
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
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		c.t.Fatal(err)
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

// TestCacheEdits edits testdata/tree between runs in each way that can change
// the results; the reports must follow each edit (checked against an uncached
// run) and must change where the edit changes them (checked against the run
// before it).
func TestCacheEdits(t *testing.T) {
	c := newCacheRun(t)
	c.check("unchanged module", "./...")
	before := c.uncached("./...")

	// In the package: a line above the reports moves them.
	c.edit("app/app.go", "func foreignCallback(", "// moved down a line\nfunc foreignCallback(")
	c.check("an edit of app", "./...")
	moved := c.uncached("./...")
	if moved.stderr == before.stderr || !strings.Contains(moved.stderr, "app.go:17:2: handlers.Rebalance") {
		t.Errorf("the edit of app does not move its report:\n%s", moved.stderr)
	}

	// In a dependency's facts: handlers.Rebalance commits and invalidates
	// before Unassign, so app's report on it goes.
	c.edit("handlers/handlers.go", "\tcase kafka.RevokedPartitions:\n\t\treturn c.Unassign()",
		"\tcase kafka.RevokedPartitions:\n\t\tc.Commit()\n\t\tfor i := range e.Partitions {\n\t\t\te.Partitions[i].Offset = kafka.OffsetInvalid\n\t\t}\n\t\tc.StoreOffsets(e.Partitions)\n\t\treturn c.Unassign()")
	c.check("an edit of a dependency's facts", "./...")
	facts := c.uncached("./...")
	if strings.Contains(facts.stderr, "handlers.Rebalance (handlers.go") || !strings.Contains(facts.stderr, "handlers.GiveUp (handlers.go") {
		t.Errorf("the fixed handler is still reported, or the other one not:\n%s", facts.stderr)
	}

	// In a dependency's body, its facts the same: helpers.Finish still
	// commits and invalidates on every path.
	c.edit("helpers/helpers.go", "\t_, err := c.StoreOffsets(parts)", "\tif len(parts) == 0 {\n\t\treturn nil\n\t}\n\t_, err := c.StoreOffsets(parts)")
	c.check("an edit of a dependency's body, the same facts", "./...")
	if body := c.uncached("./..."); body.stderr != facts.stderr {
		t.Errorf("an edit of helpers that keeps its facts changes the reports:\nbefore:\n%s\nafter:\n%s", facts.stderr, body.stderr)
	}

	// In go.mod: the client's version, v1.9.0, fixes what revokecommit reports.
	c.edit("go.mod", "confluent-kafka-go v1.4.0", "confluent-kafka-go v1.9.0")
	c.check("the client's version in go.mod", "./...")
	if v := c.uncached("./..."); strings.Contains(v.stderr, "(revokecommit)") || !strings.Contains(v.stderr, "(storeoffset)") {
		t.Errorf("on v1.9.0, revokecommit still reports or storeoffset does not:\n%s", v.stderr)
	}
	c.edit("go.mod", "confluent-kafka-go v1.9.0", "confluent-kafka-go v1.4.0")

	// A generated file whose //line directives name a template: text and
	// -json print the template's lines and columns, -sarif the file's.
	c.edit("poller/generated.go", "", "package poller\n\nimport \"github.com/confluentinc/confluent-kafka-go/kafka\"\n\n//line orders.tmpl:40\nfunc pollGenerated(c *kafka.Consumer) {\n\tm, _ := c.ReadMessage(-1)\n\tc.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})\n\tn, _ := c.ReadMessage(-1)\n\t/*line orders.tmpl:60:7*/ c.StoreOffsets([]kafka.TopicPartition{n.TopicPartition})\n}\n")
	c.check("//line directives", "./...")
	if gen := c.uncached("./..."); !strings.Contains(gen.stderr, "poller/orders.tmpl:42: c.StoreOffsets") || !strings.Contains(gen.stderr, "poller/orders.tmpl:60:8: c.StoreOffsets") {
		t.Errorf("no reports at the template's positions:\n%s", gen.stderr)
	}

	// Flags: an analyzer's option, the analyzer selection, -test, -c.
	c.check("an analyzer's option", "-revokecommit.allversions", "./...")
	c.check("the analyzer selection", "-storeoffset=false", "./...")
	c.check("without tests", "-test=false", "./...")
	c.check("context lines", "-c=1", "./...")

	// Build tags: a file only -tags=special compiles.
	c.edit("poller/special.go", "", "//go:build special\n\npackage poller\n\nimport \"github.com/confluentinc/confluent-kafka-go/kafka\"\n\nfunc pollSpecial(c *kafka.Consumer) {\n\tm, _ := c.ReadMessage(-1)\n\tc.StoreOffsets([]kafka.TopicPartition{m.TopicPartition})\n}\n")
	c.check("build tags", "-tags=special", "./...")
	if tagged := c.uncached("-tags=special", "./..."); !strings.Contains(tagged.stderr, "special.go:9:2: c.StoreOffsets") {
		t.Errorf("-tags=special: no report in the tagged file:\n%s", tagged.stderr)
	}
	// Without the tag the file is one of poller's ignored files, which the
	// analyzers see too: another key.
	c.check("the tagged file without the tag", "./...")
}

// TestCacheDamaged: an entry whose data is truncated or overwritten, or whose
// index line is garbage, is a miss: the run analyses and prints the right
// reports, and stores them again.
func TestCacheDamaged(t *testing.T) {
	c := newCacheRun(t)
	want := c.uncached("-json", "./...")
	if _, log := c.run("-json", "./..."); log != "miss stored" {
		t.Fatalf("first run: the cache did %q", log)
	}
	damages := []struct {
		name   string
		suffix string // of the cache files damaged: -d data, -a index
		damage func([]byte) []byte
	}{
		{"truncated data", "-d", func(b []byte) []byte { return b[:len(b)/2] }},
		{"empty data", "-d", func([]byte) []byte { return nil }},
		{"overwritten data", "-d", func(b []byte) []byte {
			b = append([]byte{}, b...)
			copy(b[len(b)/3:], `"Diagnostics":null,`)
			return b
		}},
		{"garbage index", "-a", func(b []byte) []byte { return []byte("v1 garbage\n") }},
	}
	for _, d := range damages {
		n := 0
		err := filepath.WalkDir(c.cacheDir, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(path, d.suffix) {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			return os.WriteFile(path, d.damage(data), 0o644)
		})
		if err != nil || n == 0 {
			t.Fatalf("%s: damaged %d files: %v", d.name, n, err)
		}
		got, log := c.run("-json", "./...")
		if log != "miss stored" || got != want {
			t.Errorf("%s: the cache did %q (want a miss), output\n%s\nwant\n%s", d.name, log, got.stdout, want.stdout)
		}
		if got, log := c.run("-json", "./..."); log != "hit" || got != want {
			t.Errorf("%s, the run after: the cache did %q (want a hit), output\n%s\nwant\n%s", d.name, log, got.stdout, want.stdout)
		}
	}
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

// TestCacheDependencies: the key names a local package (the main module's, a
// replacement directory's, a vendored one) by its files, so every edit of a
// dependency the analysis reads changes it: one that does not reach a client
// but gives a reaching package a constant (its API), one of a broken
// dependency (type-checked from source, its errors printed), one of its body
// alone (the reports stay: a miss costs an analysis that prints the same), and
// one of a client-using package in a replacement directory, used from the
// module and vendored (-mod=vendor reads vendor/, not the directory).
func TestCacheDependencies(t *testing.T) {
	c := newCacheRun(t)

	// A dependency that does not reach a client gives config its setting.
	c.edit("settings/settings.go", "", "// Package settings holds the consumers' settings; it uses no client.\npackage settings\n\n// AutoStore is enable.auto.offset.store.\nconst AutoStore = false\n\n// Group names the consumer group.\nfunc Group() string { return \"orders\" }\n")
	c.edit("config/config.go", "\"enable.auto.offset.store\": false,", "\"enable.auto.offset.store\": settings.AutoStore,")
	c.edit("config/config.go", "import \"github.com/confluentinc/confluent-kafka-go/kafka\"", "import (\n\t\"example.com/tree/settings\"\n\n\t\"github.com/confluentinc/confluent-kafka-go/kafka\"\n)")
	c.check("a constant from a dependency without a client", "./...")
	before := c.uncached("./...")
	if !strings.Contains(before.stderr, "config.NewConsumer with enable.auto.offset.store=false") {
		t.Fatalf("settings.AutoStore=false: no report names it:\n%s", before.stderr)
	}
	c.edit("settings/settings.go", "const AutoStore = false", "const AutoStore = true")
	c.check("that dependency's constant changed", "./...")
	if stored := c.uncached("./..."); stored.stderr == before.stderr || strings.Contains(stored.stderr, "enable.auto.offset.store=false") {
		t.Errorf("settings.AutoStore=true: the reports still name enable.auto.offset.store=false:\n%s", stored.stderr)
	}
	c.edit("settings/settings.go", "const AutoStore = true", "const AutoStore = false")

	// Its body alone: the same API, the same reports.
	c.edit("settings/settings.go", "return \"orders\"", "return \"ord\" + \"ers\"")
	c.check("a dependency's body, without a client", "./...")
	if body := c.uncached("./..."); body != before {
		t.Errorf("an edit of settings' body changes the output:\nbefore:\n%s\nafter:\n%s", before.stderr, body.stderr)
	}

	// A broken dependency without a client: fixed, its line goes.
	c.edit("metrics/metrics.go", "total += undefinedWeight(name)", "total += len(name)")
	c.check("a broken dependency fixed", "./...")
	if fixed := c.uncached("./..."); strings.Contains(fixed.stderr, "example.com/tree/metrics has errors") {
		t.Errorf("metrics fixed: still reported broken:\n%s", fixed.stderr)
	}

	// A replacement directory: module example.com/shared in ../shared, whose
	// handler app registers.
	c.edit("../shared/go.mod", "", "module example.com/shared\n\ngo 1.21\n\nrequire github.com/confluentinc/confluent-kafka-go v1.4.0\n")
	c.edit("../shared/handler/handler.go", "", "// Package handler is a rebalance callback of another module.\npackage handler\n\nimport \"github.com/confluentinc/confluent-kafka-go/kafka\"\n\n// Revoke is registered by other modules.\nfunc Revoke(c *kafka.Consumer, ev kafka.Event) error {\n\tswitch ev.(type) {\n\tcase kafka.RevokedPartitions:\n\t\treturn c.Unassign()\n\t}\n\treturn nil\n}\n")
	c.edit("go.mod", "", "\nrequire example.com/shared v0.0.0\n\nreplace example.com/shared => ../shared\n")
	c.edit("app/shared.go", "", "package app\n\nimport (\n\t\"example.com/shared/handler\"\n\t\"example.com/tree/config\"\n)\n\nfunc sharedCallback(topics []string) {\n\tc, _ := config.NewConsumer()\n\tc.SubscribeTopics(topics, handler.Revoke)\n}\n")
	c.check("a handler in a replacement directory", "./...")
	if shared := c.uncached("./..."); !strings.Contains(shared.stderr, "shared.go:10:2: handler.Revoke (handler.go:10) calls Unassign") {
		t.Fatalf("no report on the replacement directory's handler:\n%s", shared.stderr)
	}
	unfixed := "\tswitch ev.(type) {\n\tcase kafka.RevokedPartitions:\n\t\treturn c.Unassign()"
	fix := "\tswitch e := ev.(type) {\n\tcase kafka.RevokedPartitions:\n\t\tc.Commit()\n\t\tfor i := range e.Partitions {\n\t\t\te.Partitions[i].Offset = kafka.OffsetInvalid\n\t\t}\n\t\tc.StoreOffsets(e.Partitions)\n\t\treturn c.Unassign()"
	c.edit("../shared/handler/handler.go", unfixed, fix)
	c.check("an edit in the replacement directory", "./...")
	fixed := c.uncached("./...")
	if strings.Contains(fixed.stderr, "handler.Revoke") {
		t.Errorf("the replacement directory's handler commits now, still reported:\n%s", fixed.stderr)
	}

	// Vendored: go mod vendor copies the directory (and the client's stub);
	// -mod=vendor reads the copy, whose edit changes the reports. Without its
	// replacement (in go.mod and vendor/modules.txt alike, as the go command
	// checks) example.com/shared v0.0.0 is a module with a version, as a
	// vendored module from the proxy is, but its files are vendor/'s, not the
	// module cache's: they are hashed.
	cmd := exec.Command("go", "mod", "vendor")
	cmd.Dir = c.dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod vendor: %v\n%s", err, out)
	}
	c.edit("go.mod", "\nreplace example.com/shared => ../shared\n", "")
	c.edit("vendor/modules.txt", "# example.com/shared v0.0.0 => ../shared", "# example.com/shared v0.0.0")
	c.edit("vendor/modules.txt", "# example.com/shared => ../shared", "")
	if err := os.RemoveAll(filepath.Join(c.dir, "..", "shared")); err != nil {
		t.Fatal(err)
	}
	c.check("vendored", "-mod=vendor", "./...")
	if vendored := c.uncached("-mod=vendor", "./..."); vendored.stderr != fixed.stderr {
		t.Errorf("-mod=vendor reports differ from the replacement directory's:\n%s\nwant\n%s", vendored.stderr, fixed.stderr)
	}
	c.edit("vendor/example.com/shared/handler/handler.go", fix, unfixed)
	c.check("an edit of a vendored file", "-mod=vendor", "./...")
	if vendored := c.uncached("-mod=vendor", "./..."); !strings.Contains(vendored.stderr, "shared.go:10:2: handler.Revoke (handler.go:10) calls Unassign") {
		t.Errorf("the vendored handler unassigns again, not reported:\n%s", vendored.stderr)
	}
}
