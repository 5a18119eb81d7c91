package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The committed RESULTS.md and docs/runtime-proof.md show exactly what expected.json holds.
func TestGeneratedBlocksCurrent(t *testing.T) {
	exp, err := readExpected("expected.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct{ path, name, body string }{
		{"RESULTS.md", "matrix", resultsBlock(exp)},
		{filepath.Join("..", "..", "docs", "runtime-proof.md"), "proof-clients", readmeBlock(exp)},
	} {
		b, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := replaceBlock(string(b), f.name, f.body)
		if err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
		if string(b) != want {
			t.Errorf("%s is not what expected.json generates; run: cd proof/clients && go run . -regen", f.path)
		}
	}
}

// Every cell of the full matrix is in expected.json, and nothing else is.
func TestExpectedComplete(t *testing.T) {
	exp, err := readExpected("expected.json")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, c := range configs {
		for _, tg := range targetsOf(c.Client) {
			known[c.key()+" "+tg.id()] = true
			got := exp.Cells[c.key()][tg.id()]
			if got == nil || len(got.Verdicts) == 0 {
				t.Errorf("%s %s: missing from expected.json", tg.id(), c.key())
			}
		}
	}
	for k, byTarget := range exp.Cells {
		for id := range byTarget {
			if !known[k+" "+id] {
				t.Errorf("expected.json has %s %s, which is no cell of the matrix", id, k)
			}
		}
	}
}

// Every config names a scenario and handler of a client that has targets, and
// every rule has a row that shows the mistake and one that shows its fix or
// correct form (K4 is shown by what the call returns).
func TestConfigs(t *testing.T) {
	keys := map[string]bool{}
	mistake, fix := map[string]bool{}, map[string]bool{}
	for _, c := range configs {
		if keys[c.key()] {
			t.Errorf("duplicate config %s", c.key())
		}
		keys[c.key()] = true
		if len(targetsOf(c.Client)) < 2 {
			t.Errorf("%s: client %q needs its oldest and newest target", c.key(), c.Client)
		}
		if c.Partitions < 1 || c.Records < 1 || c.Rule == "" {
			t.Errorf("%s: partitions, records and rule must be set", c.key())
		}
		for _, r := range strings.Split(c.Rule, "/") {
			if c.Fix {
				fix[r] = true
			} else {
				mistake[r] = true
			}
		}
	}
	for r := range mistake {
		if !fix[r] && r != "K4" {
			t.Errorf("rule %s has no fix row", r)
		}
	}
}

// Each target has its committed scratch module, which requires exactly that
// client version.
func TestTargetModules(t *testing.T) {
	for _, tg := range targets {
		b, err := os.ReadFile(filepath.Join("modules", tg.dir(), "go.mod"))
		if err != nil {
			t.Errorf("%s: %v (run: go run . -tidy -targets %s)", tg.id(), err, tg.id())
			continue
		}
		if !strings.Contains(string(b), tg.Module+" "+tg.Version+"\n") {
			t.Errorf("%s: modules/%s/go.mod does not require %s %s", tg.id(), tg.dir(), tg.Module, tg.Version)
		}
		if _, err := os.Stat(filepath.Join("modules", tg.dir(), "go.sum")); err != nil {
			t.Errorf("%s: %v", tg.id(), err)
		}
	}
}

// The sarama program is written against github.com/IBM/sarama; build rewrites
// the one import for the old path.
func TestScenarioImportsOnlyIBMSarama(t *testing.T) {
	srcs, _ := filepath.Glob(filepath.Join("scenario", "*", "*.go"))
	if len(srcs) == 0 {
		t.Fatal("no scenario sources")
	}
	for _, s := range srcs {
		f, err := parser.ParseFile(token.NewFileSet(), s, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"github.com/Shopify/sarama"` {
				t.Errorf("%s imports github.com/Shopify/sarama; write scenarios against github.com/IBM/sarama", s)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	cfg := configs[0]
	tg := targetsOf(cfg.Client)[0]
	exp := &expected{Cells: cells{cfg.key(): {tg.id(): {Verdicts: map[string]int{"committed 4": 3}}}}}
	run := func(tg target, verdict string) []string {
		return check(aggregate([]runResult{{Target: tg, Config: cfg, Outcome: Outcome{Verdict: verdict}}}), exp)
	}
	if bad := run(tg, "committed 4"); len(bad) != 0 {
		t.Errorf("expected outcome reported: %v", bad)
	}
	if bad := run(tg, "committed 5"); len(bad) != 1 || !strings.Contains(bad[0], `got "committed 5", expected committed 4 3/3`) {
		t.Errorf("changed outcome: got %v", bad)
	}
	other := targetsOf(cfg.Client)[1]
	if bad := run(other, "committed 4"); len(bad) != 1 || !strings.Contains(bad[0], "expected nothing") {
		t.Errorf("cell missing from expected: got %v", bad)
	}
}

func TestCellString(t *testing.T) {
	c := &cell{Verdicts: map[string]int{"b": 1, "a": 2}}
	if got, want := c.String(), "a 2/3, b 1/3"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestReplaceBlock(t *testing.T) {
	got, err := replaceBlock("a\n<!-- x:begin -->\nold\n<!-- x:end -->\nb\n", "x", "new\n")
	if err != nil || got != "a\n<!-- x:begin -->\nnew\n<!-- x:end -->\nb\n" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := replaceBlock("no block", "x", ""); err == nil {
		t.Error("no error without a block")
	}
}

// The CI subset names cells that exist, on targets of their client, and each
// had one outcome in every run of the full matrix: a cell with mixed outcomes
// would make CI fail at random.
func TestShortCellsDeterministic(t *testing.T) {
	exp, err := readExpected("expected.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for id, keys := range shortCells {
		var tg *target
		for i := range targets {
			if targets[i].id() == id {
				tg = &targets[i]
			}
		}
		if tg == nil {
			t.Errorf("shortCells: %s is not a target", id)
			continue
		}
		for _, k := range keys {
			matched := false
			for _, c := range configs {
				if c.Client != tg.Client || !selected(c, []string{k}) {
					continue
				}
				matched = true
				n++
				cl := exp.Cells[c.key()][id]
				switch {
				case cl == nil:
					t.Errorf("shortCells: %s %s is not in expected.json", id, c.key())
				case len(cl.Verdicts) != 1:
					t.Errorf("shortCells: %s %s is not deterministic in the full matrix: %s", id, c.key(), cl)
				default:
					for v, runs := range cl.Verdicts {
						if runs < 3 || strings.HasPrefix(v, "TIMEOUT") || strings.HasPrefix(v, "FAILED") {
							t.Errorf("shortCells: %s %s: %s is not a settled outcome", id, c.key(), cl)
						}
					}
				}
			}
			if !matched {
				t.Errorf("shortCells: %q selects no config of %s", k, id)
			}
		}
	}
	if n < 10 {
		t.Errorf("the CI subset has %d cells; want at least 10", n)
	}
}
