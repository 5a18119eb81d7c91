package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
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
		{filepath.Join("..", "docs", "runtime-proof.md"), "proof", readmeBlock(exp)},
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
			t.Errorf("%s is not what expected.json generates; run: cd proof && go run . -regen", f.path)
		}
	}
}

// Every cell of every version of the full matrix is in expected.json, except
// the configs a version cannot run.
func TestExpectedComplete(t *testing.T) {
	exp, err := readExpected("expected.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range configs {
		for _, v := range allVersions {
			na := c.Min != "" && semverLess(v, c.Min)
			got := exp.Cells[c.key()][v]
			switch {
			case na && got != nil:
				t.Errorf("%s %s: expected.json has a cell for a config the version cannot run", v, c.key())
			case !na && got == nil:
				t.Errorf("%s %s: missing from expected.json", v, c.key())
			case !na && len(got.Verdicts) == 0:
				t.Errorf("%s %s: no verdict", v, c.key())
			}
		}
	}
}

func TestCheck(t *testing.T) {
	cfg := config{Scenario: "revokecommit", Variant: "late", Handler: "fix"}
	exp := &expected{Cells: map[string]map[string]*cell{cfg.key(): {"v1.8.2": {Verdicts: map[string]int{"REWIND": 3}}}}}
	run := func(v, verdict string) []string {
		m := aggregate([]string{v}, []config{cfg}, []runResult{{Version: v, Config: cfg, Outcome: Outcome{Verdict: verdict}}})
		return m.check(exp)
	}
	if bad := run("v1.8.2", "REWIND"); len(bad) != 0 {
		t.Errorf("expected outcome reported: %v", bad)
	}
	if bad := run("v1.8.2", "no rewind"); len(bad) != 1 || !strings.Contains(bad[0], `got "no rewind", expected REWIND 3/3`) {
		t.Errorf("changed outcome: got %v", bad)
	}
	if bad := run("v1.9.2", "no rewind"); len(bad) != 1 || !strings.Contains(bad[0], "expected nothing") {
		t.Errorf("cell missing from expected: got %v", bad)
	}
}

func TestCellString(t *testing.T) {
	c := &cell{Verdicts: map[string]int{"no rewind": 1, "REWIND": 2}, Crashes: 1}
	if got, want := c.String(), "REWIND 2/3, no rewind 1/3 (+1 mock crash retried)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Only crashes of librdkafka before 1.6.0 are the documented mock defect.
func TestMockDefect(t *testing.T) {
	for _, tc := range []struct {
		v    string
		sig  syscall.Signal
		want bool
	}{
		{"v1.4.0", syscall.SIGSEGV, true},
		{"v1.4.2", syscall.SIGABRT, true},
		{"v1.4.2", syscall.SIGKILL, false},
		{"v1.6.1", syscall.SIGSEGV, false},
		{"v2.11.1", syscall.SIGSEGV, false},
	} {
		if got := mockDefect(tc.v, tc.sig); got != tc.want {
			t.Errorf("mockDefect(%s, %v) = %v, want %v", tc.v, tc.sig, got, tc.want)
		}
	}
}

func TestSemverLess(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"v1.4.0", "v1.4.2", true},
		{"v1.9.2", "v1.10.0", true},
		{"v2.11.1", "v1.9.2", false},
		{"v1.6.1", "v1.6.1", false},
	} {
		if got := semverLess(tc.a, tc.b); got != tc.want {
			t.Errorf("semverLess(%s, %s) = %v", tc.a, tc.b, got)
		}
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

// The scenario program is written against v2; build rewrites the one import.
func TestScenarioImportsOnlyV2Kafka(t *testing.T) {
	srcs, _ := filepath.Glob(filepath.Join("scenario", "*.go"))
	if len(srcs) == 0 {
		t.Fatal("no scenario sources")
	}
	for _, s := range srcs {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `"github.com/confluentinc/confluent-kafka-go/kafka"`) {
			t.Errorf("%s imports the v1 path; write scenarios against v2", s)
		}
	}
}

// The CI subset names cells that exist, on versions of the matrix, and each of
// them had one outcome in every run of the full matrix: a cell with mixed
// outcomes (a race, a mock defect) would make CI fail at random.
func TestShortCellsDeterministic(t *testing.T) {
	exp, err := readExpected("expected.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for v, keys := range shortCells {
		if !contains(allVersions, v) {
			t.Errorf("shortCells: %s is not a version of the matrix", v)
		}
		if semverLess(v, "v1.6.0") {
			t.Errorf("shortCells: %s: the mock before librdkafka 1.6.0 crashes in some runs", v)
		}
		for _, k := range keys {
			matched := false
			for _, c := range configs {
				if !selected(c, []string{k}) {
					continue
				}
				matched = true
				n++
				cell := exp.Cells[c.key()][v]
				switch {
				case cell == nil:
					t.Errorf("shortCells: %s %s is not in expected.json", v, c.key())
				case len(cell.Verdicts) != 1 || cell.Crashes != 0:
					t.Errorf("shortCells: %s %s is not deterministic in the full matrix: %s", v, c.key(), cell)
				}
			}
			if !matched {
				t.Errorf("shortCells: %q selects no scenario", k)
			}
		}
	}
	if n < 10 {
		t.Errorf("the CI subset has %d cells; want at least 10", n)
	}
}
