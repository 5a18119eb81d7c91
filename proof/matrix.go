package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A cell is the outcome of one config on one version over its runs.
type cell struct {
	Verdicts map[string]int `json:"verdicts"`          // verdict -> runs
	Crashes  int            `json:"crashes,omitempty"` // documented mock crashes retried
	Evidence []string       `json:"evidence"`          // detail and errors, one line per distinct run
}

// expected is expected.json: the committed matrix, config key -> version -> cell.
type expected struct {
	Cells map[string]map[string]*cell `json:"cells"`
}

type matrix struct {
	versions []string
	cfgs     []config
	cells    map[string]map[string]*cell
}

func aggregate(versions []string, cfgs []config, results []runResult) *matrix {
	m := &matrix{versions: versions, cfgs: cfgs, cells: map[string]map[string]*cell{}}
	for _, r := range results {
		k := r.Config.key()
		if m.cells[k] == nil {
			m.cells[k] = map[string]*cell{}
		}
		c := m.cells[k][r.Version]
		if c == nil {
			c = &cell{Verdicts: map[string]int{}}
			m.cells[k][r.Version] = c
		}
		c.Verdicts[r.Outcome.Verdict]++
		c.Crashes += r.Crashes
		ev := evidence(r.Outcome)
		if !contains(c.Evidence, ev) {
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

// evidence is one run's details: sorted key=value pairs (without the stage and
// with times stripped from errors), then errors.
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
		if i := strings.Index(e, "s "); i > 0 && i < 8 {
			e = e[i+2:]
		}
		if !contains(kv, "error: "+e) {
			kv = append(kv, "error: "+e)
		}
	}
	if o.Library != "" {
		kv = append([]string{"librdkafka " + o.Library}, kv...)
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
	s := strings.Join(parts, ", ")
	if c.Crashes > 0 {
		s += fmt.Sprintf(" (+%d mock crash retried)", c.Crashes)
	}
	return s
}

func cellText(cfg config, v string, c *cell) string {
	if cfg.Min != "" && semverLess(v, cfg.Min) {
		return "n/a (" + cfg.Why + ")"
	}
	if c == nil {
		return "–"
	}
	return strings.ReplaceAll(c.String(), "|", "\\|")
}

// table renders configs x versions from cells.
func table(versions []string, cfgs []config, cells map[string]map[string]*cell) string {
	var b strings.Builder
	b.WriteString("| scenario | variant | handler |")
	for _, v := range versions {
		b.WriteString(" " + v + " |")
	}
	b.WriteString("\n|---|---|---|" + strings.Repeat("---|", len(versions)) + "\n")
	for _, c := range cfgs {
		fmt.Fprintf(&b, "| %s | %s | %s |", c.Scenario, c.Variant, c.Handler)
		for _, v := range versions {
			b.WriteString(" " + cellText(c, v, cells[c.key()][v]) + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func evidenceList(versions []string, cfgs []config, cells map[string]map[string]*cell) string {
	var b strings.Builder
	for _, c := range cfgs {
		for _, v := range versions {
			cl := cells[c.key()][v]
			if cl == nil {
				continue
			}
			for _, e := range cl.Evidence {
				fmt.Fprintf(&b, "- %s %s: %s\n", v, c.key(), strings.ReplaceAll(e, "|", "\\|"))
			}
		}
	}
	return b.String()
}

func (m *matrix) markdown() string {
	return table(m.versions, m.cfgs, m.cells) + "\n" + evidenceList(m.versions, m.cfgs, m.cells)
}

// check returns the cells whose outcome expected.json does not list.
func (m *matrix) check(exp *expected) []string {
	var bad []string
	for _, c := range m.cfgs {
		for _, v := range m.versions {
			got := m.cells[c.key()][v]
			if got == nil {
				continue
			}
			want := exp.Cells[c.key()][v]
			for verdict := range got.Verdicts {
				if want == nil || want.Verdicts[verdict] == 0 {
					ws := "nothing"
					if want != nil {
						ws = want.String()
					}
					bad = append(bad, fmt.Sprintf("%s %s: got %q, expected %s; evidence: %s", v, c.key(), verdict, ws, strings.Join(got.Evidence, " / ")))
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
		e.Cells = map[string]map[string]*cell{}
	}
	return &e, nil
}

// write merges this run's cells into expected.json (replacing the cells it ran)
// and regenerates the matrix block of RESULTS.md from the merged file.
func (m *matrix) write(here string) error {
	path := filepath.Join(here, "expected.json")
	exp, err := readExpected(path)
	if os.IsNotExist(err) {
		exp, err = &expected{Cells: map[string]map[string]*cell{}}, nil
	}
	if err != nil {
		return err
	}
	for k, vs := range m.cells {
		if exp.Cells[k] == nil {
			exp.Cells[k] = map[string]*cell{}
		}
		for v, c := range vs {
			exp.Cells[k][v] = c
		}
	}
	b, err := json.MarshalIndent(exp, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return err
	}
	if err := regenerate(filepath.Join(here, "RESULTS.md"), "matrix", resultsBlock(exp)); err != nil {
		return err
	}
	return writeReadme(here, exp)
}

// resultsBlock is the generated part of RESULTS.md.
func resultsBlock(exp *expected) string {
	return "Generated by `make proof` (3 runs per cell, 6 for revokecommit on v1.4.x) from expected.json; do not edit.\n\n" +
		table(allVersions, configs, exp.Cells) + "\n### Evidence (one line per distinct run)\n\n" +
		evidenceList(allVersions, configs, exp.Cells)
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
