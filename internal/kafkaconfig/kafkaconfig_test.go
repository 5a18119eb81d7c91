package kafkaconfig_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestFacts checks the facts exported for other packages.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), kafkaconfig.Analyzer, "kafkaconfig/facts")
}

// TestResolve compares every consumer's resolved configuration with the
// "config:" comment on its line.
func TestResolve(t *testing.T) {
	results := analysistest.Run(t, testutil.Fixtures(t), kafkaconfig.Analyzer, "kafkaconfig/resolve")
	if len(results) != 1 {
		t.Fatalf("got %d results, want 1", len(results))
	}
	pass := results[0].Pass
	res := results[0].Result.(*kafkaconfig.Result)
	want := make(map[int]string) // line -> expected
	for _, f := range pass.Files {
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if text, ok := strings.CutPrefix(c.Text, "// config: "); ok {
					want[pass.Fset.Position(c.Pos()).Line] = text
				}
			}
		}
	}
	// Guards against a vacuous pass: a fixture without "config:" comments, or
	// an analysis that finds no consumer, would compare nothing below.
	if len(want) == 0 {
		t.Fatal(`kafkaconfig/resolve has no "// config: " comments: the test compares nothing`)
	}
	if len(res.Consumers) == 0 {
		t.Fatal("kafkaconfig found no consumer in kafkaconfig/resolve")
	}
	got := make(map[int]string)
	for _, c := range res.Consumers {
		got[pass.Fset.Position(c.Call.Pos()).Line] = describe(c.Config)
	}
	for line, w := range want {
		if g, ok := got[line]; !ok {
			t.Errorf("line %d: no consumer found, want %s", line, w)
		} else if g != w {
			t.Errorf("line %d: resolved %s, want %s", line, g, w)
		}
	}
	for line, g := range got {
		if _, ok := want[line]; !ok {
			t.Errorf("line %d: unexpected consumer %s", line, g)
		}
	}
}

func describe(c *kafkaconfig.Config) string {
	if !c.Known {
		return "unknown"
	}
	var parts []string
	for _, s := range c.Entries {
		parts = append(parts, s.String())
	}
	state := "complete"
	if !c.Complete {
		state = "partial"
	}
	out := state + " {" + strings.Join(parts, " ") + "}"
	if len(c.Maybe) > 0 {
		var maybe []string
		for _, s := range c.Maybe {
			maybe = append(maybe, s.String()+"@"+s.Where)
		}
		out += " maybe {" + strings.Join(maybe, " ") + "}"
	}
	return out
}

// TestDefaults: the defaults the rules read, taken from librdkafka's table and
// the Go client's documentation (docs/library-facts.md, F5).
func TestDefaults(t *testing.T) {
	for key, want := range map[string]string{
		"enable.auto.commit":              "true",
		"enable.auto.offset.store":        "true",
		"auto.commit.interval.ms":         "5000", // the global row, not the topic table's legacy 60000
		"partition.assignment.strategy":   "range,roundrobin",
		"group.protocol":                  "classic",
		"go.application.rebalance.enable": "false",
		"go.events.channel.enable":        "false",
	} {
		if got := kafkaconfig.Defaults[key]; got != want {
			t.Errorf("Defaults[%q] = %q, want %q", key, got, want)
		}
	}
}
