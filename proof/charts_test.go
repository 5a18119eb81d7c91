package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every charted config on every chart version has its recorded run in
// charts/, and nothing else is there: the README and charts/README.md link to
// these files by name.
func TestChartsComplete(t *testing.T) {
	var want []string
	for _, v := range chartVersions {
		for _, key := range chartConfigs {
			n := chartName(v, key)
			want = append(want, n+".json", n+".svg")
		}
	}
	want = append(want, "README.md")
	entries, err := os.ReadDir("charts")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("charts/ holds\n\t%s\nwant\n\t%s\n(go run . -record-charts records and renders them)", strings.Join(got, " "), strings.Join(want, " "))
	}
}

// Each checked-in SVG is what its JSON renders to, byte for byte, and the
// JSON agrees with itself and with the matrix: its name, the verdict the
// chart was recorded for, and a series that shows a rewind exactly when the
// verdict says REWIND.
func TestChartsCurrent(t *testing.T) {
	exp, err := readExpected("expected.json")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("charts", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no charts/*.json")
	}
	for _, f := range files {
		cf, err := readChart(f)
		if err != nil {
			t.Error(err)
			continue
		}
		if n := chartName(cf.Version, cf.Config) + ".json"; filepath.Base(f) != n {
			t.Errorf("%s: holds %s %s, which belongs in %s", f, cf.Version, cf.Config, n)
		}
		if want, err := wantedVerdict(exp, cf.Config, cf.Version); err != nil {
			t.Errorf("%s: %v", f, err)
		} else if cf.Verdict != want {
			t.Errorf("%s: verdict %q, but the chart of this cell shows %q (expected.json: %s)", f, cf.Verdict, want, exp.Cells[cf.Config][cf.Version])
		}
		if got, want := cf.Series.rewinds(), cf.Verdict == "REWIND"; got != want {
			t.Errorf("%s: verdict %q, but the series shows a rewind: %v", f, cf.Verdict, got)
		}
		got, err := renderChart(cf, "svg")
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		svg := strings.TrimSuffix(f, ".json") + ".svg"
		b, err := os.ReadFile(svg)
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.Equal(got, b) {
			t.Errorf("%s is not what %s renders to; run: cd proof && go run . -charts", svg, f)
		}
	}
}

// The series' rewind test sees both kinds of rewind the scenario's verdict
// counts, and nothing in a series that only moves forward.
func TestSeriesRewinds(t *testing.T) {
	pts := func(offs ...int64) []chartPoint {
		var p []chartPoint
		for i, o := range offs {
			p = append(p, chartPoint{Ms: int64(1000 * (i + 1)), Offset: o})
		}
		return p
	}
	commit := func(ms, off int64) chartEvent {
		return chartEvent{Ms: ms, Who: "A", Kind: "commit", Partition: 1, Offset: off}
	}
	for _, tc := range []struct {
		name string
		s    chartSeries
		want bool
	}{
		{"forward", chartSeries{Pstar: 1, Committed: map[int32][]chartPoint{1: pts(9, 50)}, Events: []chartEvent{commit(500, 9)}}, false},
		{"observed drop", chartSeries{Pstar: 1, Committed: map[int32][]chartPoint{1: pts(9, 50, 10)}}, true},
		{"drop on another partition", chartSeries{Pstar: 1, Committed: map[int32][]chartPoint{0: pts(9, 5), 1: pts(9, 50)}}, false},
		{"commit below the observed offset", chartSeries{Pstar: 1, Committed: map[int32][]chartPoint{1: pts(9, 50)}, Events: []chartEvent{commit(2500, 10)}}, true},
		{"commit before the observer saw more", chartSeries{Pstar: 1, Committed: map[int32][]chartPoint{1: pts(9, 50)}, Events: []chartEvent{commit(1500, 10)}}, false},
	} {
		if got := tc.s.rewinds(); got != tc.want {
			t.Errorf("%s: rewinds() = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// docs/runtime-proof.md's charts block is what the charts generate.
func TestChartsBlockCurrent(t *testing.T) {
	body, err := chartsBlock(".")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "docs", "runtime-proof.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := replaceBlock(string(b), "charts", body)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if string(b) != want {
		t.Errorf("%s's charts block is not what proof/charts generates; run: cd proof && go run . -charts", path)
	}
}

// A change of the data shows in the rendering: one committed offset, one
// event's time or the verdict changes the SVG (so TestChartsCurrent fails
// when a JSON file is edited and its SVG is not re-rendered).
func TestChartFollowsData(t *testing.T) {
	f := filepath.Join("charts", chartName("v1.8.2", "revokecommit/late/fix")+".json")
	base, err := readChart(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := renderChart(base, "svg")
	if err != nil {
		t.Fatal(err)
	}
	for name, edit := range map[string]func(*chartFile){
		"offset":  func(c *chartFile) { c.Series.Committed[c.Series.Pstar][1].Offset-- },
		"event":   func(c *chartFile) { c.Series.Events[0].Ms += 500 },
		"verdict": func(c *chartFile) { c.Verdict = "no rewind" },
	} {
		cf, err := readChart(f)
		if err != nil {
			t.Fatal(err)
		}
		edit(cf)
		got, err := renderChart(cf, "svg")
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(got, want) {
			t.Errorf("%s: an edited %s renders as the original", f, name)
		}
	}
}
