package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A cell is the outcome of one config on one target over its runs.
type cell struct {
	Verdicts map[string]int `json:"verdicts"` // verdict -> runs
	Evidence []string       `json:"evidence"` // library, detail and errors, one line per distinct run
}

// expected is expected.json: config key -> target id -> cell.
type expected struct {
	Cells map[string]map[string]*cell `json:"cells"`
}

type cells map[string]map[string]*cell

func aggregate(results []runResult) cells {
	m := cells{}
	for _, r := range results {
		k, id := r.Config.key(), r.Target.id()
		if m[k] == nil {
			m[k] = map[string]*cell{}
		}
		c := m[k][id]
		if c == nil {
			c = &cell{Verdicts: map[string]int{}}
			m[k][id] = c
		}
		c.Verdicts[r.Outcome.Verdict]++
		if ev := evidence(r.Outcome); !contains(c.Evidence, ev) {
			c.Evidence = append(c.Evidence, ev)
		}
	}
	return m
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// evidence is one run's library, sorted key=value details (the stage only on a
// timeout) and errors.
func evidence(o Outcome) string {
	var kv []string
	for k, v := range o.Detail {
		if k == "stage" && !strings.HasPrefix(o.Verdict, "TIMEOUT") {
			continue
		}
		kv = append(kv, k+"="+v)
	}
	sort.Strings(kv)
	for _, e := range o.Errors {
		if !contains(kv, "error: "+e) {
			kv = append(kv, "error: "+e)
		}
	}
	if o.Library != "" {
		kv = append([]string{o.Library}, kv...)
	}
	return strings.Join(kv, "; ")
}

func (c *cell) String() string {
	total := 0
	var vs []string
	for v, n := range c.Verdicts {
		total += n
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool {
		if c.Verdicts[vs[i]] != c.Verdicts[vs[j]] {
			return c.Verdicts[vs[i]] > c.Verdicts[vs[j]]
		}
		return vs[i] < vs[j]
	})
	var parts []string
	for _, v := range vs {
		parts = append(parts, fmt.Sprintf("%s %d/%d", v, c.Verdicts[v], total))
	}
	return strings.Join(parts, ", ")
}

func cellText(c *cell) string {
	if c == nil {
		return "–"
	}
	return strings.ReplaceAll(c.String(), "|", "\\|")
}

// table renders one client's configs x targets.
func table(client string, ts []target, cfgs []config, m cells) string {
	var b strings.Builder
	b.WriteString("| rule | scenario | handler |")
	n := 0
	for _, t := range ts {
		if t.Client == client {
			b.WriteString(" " + t.id() + " |")
			n++
		}
	}
	b.WriteString("\n|---|---|---|" + strings.Repeat("---|", n) + "\n")
	for _, c := range cfgs {
		if c.Client != client {
			continue
		}
		h := c.Handler
		if c.Fix {
			h += " (fix)"
		}
		fmt.Fprintf(&b, "| %s | %s | %s |", c.Rule, c.Scenario, h)
		for _, t := range ts {
			if t.Client == client {
				b.WriteString(" " + cellText(m[c.key()][t.id()]) + " |")
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

func evidenceList(ts []target, cfgs []config, m cells) string {
	var b strings.Builder
	for _, c := range cfgs {
		for _, t := range ts {
			if cl := m[c.key()][t.id()]; cl != nil && t.Client == c.Client {
				for _, e := range cl.Evidence {
					fmt.Fprintf(&b, "- %s %s: %s\n", t.id(), c.key(), strings.ReplaceAll(e, "|", "\\|"))
				}
			}
		}
	}
	return b.String()
}

var clientNames = []struct{ id, name string }{{"sarama", "sarama"}, {"franzgo", "franz-go"}, {"kafkago", "kafka-go"}}

func markdown(ts []target, cfgs []config, m cells) string {
	var b strings.Builder
	for _, cn := range clientNames {
		if hasClient(cfgs, cn.id) {
			fmt.Fprintf(&b, "### %s\n\n%s\n", cn.name, table(cn.id, ts, cfgs, m))
		}
	}
	return b.String() + evidenceList(ts, cfgs, m)
}

func hasClient(cfgs []config, client string) bool {
	for _, c := range cfgs {
		if c.Client == client {
			return true
		}
	}
	return false
}

// check returns the cells of m whose outcome exp does not list.
func check(m cells, exp *expected) []string {
	var bad []string
	for k, byTarget := range m {
		for id, got := range byTarget {
			want := exp.Cells[k][id]
			for verdict := range got.Verdicts {
				if want == nil || want.Verdicts[verdict] == 0 {
					ws := "nothing"
					if want != nil {
						ws = want.String()
					}
					bad = append(bad, fmt.Sprintf("%s %s: got %q, expected %s; evidence: %s", id, k, verdict, ws, strings.Join(got.Evidence, " / ")))
				}
			}
		}
	}
	sort.Strings(bad)
	return bad
}

func readExpected(path string) (*expected, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var e expected
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if e.Cells == nil {
		e.Cells = cells{}
	}
	return &e, nil
}

// write merges m into expected.json (replacing the cells it ran) and
// regenerates RESULTS.md and docs/runtime-proof.md's table from the merged file.
func write(here string, m cells) error {
	path := filepath.Join(here, "expected.json")
	exp, err := readExpected(path)
	if os.IsNotExist(err) {
		exp, err = &expected{Cells: cells{}}, nil
	}
	if err != nil {
		return err
	}
	for k, byTarget := range m {
		if exp.Cells[k] == nil {
			exp.Cells[k] = map[string]*cell{}
		}
		for id, c := range byTarget {
			exp.Cells[k][id] = c
		}
	}
	b, err := json.MarshalIndent(exp, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return writeGenerated(here, exp)
}

func writeGenerated(here string, exp *expected) error {
	if err := regenerate(filepath.Join(here, "RESULTS.md"), "matrix", resultsBlock(exp)); err != nil {
		return err
	}
	return regenerate(filepath.Join(here, "..", "..", "docs", "runtime-proof.md"), "proof-clients", readmeBlock(exp))
}

// resultsBlock is the generated part of RESULTS.md: every cell and its evidence.
func resultsBlock(exp *expected) string {
	return "Generated by `make proof-clients` (3 runs per cell, 12 for franz-go's asynchronous commit in a revoke) from expected.json; do not edit.\n\n" +
		markdown(targets, configs, exp.Cells) + "\n"
}

// readmeBlock is docs/runtime-proof.md's second table: per rule, the mistake and the fix, on each
// client's oldest and newest target.
func readmeBlock(exp *expected) string {
	var b strings.Builder
	b.WriteString("| client | rule | handler | oldest | newest |\n| --- | --- | --- | --- | --- |\n")
	for _, cn := range clientNames {
		ts := targetsOf(cn.id)
		if len(ts) == 0 {
			continue
		}
		oldest, newest := ts[0], ts[len(ts)-1]
		for _, c := range configs {
			if c.Client != cn.id {
				continue
			}
			h := "`" + c.Handler + "`"
			if c.Fix {
				h += " (fix)"
			}
			fmt.Fprintf(&b, "| %s | %s %s | %s | %s | %s |\n", cn.name, c.Rule, c.Scenario, h,
				cellText(exp.Cells[c.key()][oldest.id()]), cellText(exp.Cells[c.key()][newest.id()]))
		}
	}
	fmt.Fprintf(&b, "\n(oldest, newest: %s)\n", targetSummary())
	return b.String()
}

func targetSummary() string {
	var parts []string
	for _, cn := range clientNames {
		ts := targetsOf(cn.id)
		if len(ts) > 0 {
			parts = append(parts, cn.name+" "+ts[0].id()+", "+ts[len(ts)-1].id())
		}
	}
	return strings.Join(parts, "; ")
}

// regenerate replaces the text between <!-- name:begin --> and <!-- name:end -->.
func regenerate(path, name, body string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s, err := replaceBlock(string(b), name, body)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return os.WriteFile(path, []byte(s), 0o644)
}

func replaceBlock(s, name, body string) (string, error) {
	begin, end := "<!-- "+name+":begin -->\n", "<!-- "+name+":end -->"
	i := strings.Index(s, begin)
	j := strings.Index(s, end)
	if i < 0 || j < i {
		return "", fmt.Errorf("no %q ... %q block", begin, end)
	}
	return s[:i+len(begin)] + body + s[j:], nil
}
