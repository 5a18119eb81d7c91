package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"image/color"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The charts (charts/README.md): the committed offset of the partition that
// moves to B and back, over one recorded run of revokecommit, with the
// rebalance events marked. -record-charts runs the scenarios with -series and
// writes charts/<version>-<variant>-<handler>.json; -charts renders every
// JSON file there to an SVG beside it. Rendering is deterministic (fixed
// size, no timestamps, gonum plot's SVG backend without embedded fonts), so
// TestChartsCurrent re-renders the JSON and compares bytes.

// chartVersions are the versions charted: before librdkafka 1.4.2 (unassign
// does not yet reset the stored offset), before 1.9.0 (a late store is still
// accepted) and a recent v2 (a late store fails with ErrState).
var chartVersions = []string{"v1.4.0", "v1.8.2", "v2.15.0"}

// chartConfigs are the revokecommit configs charted: the #209 handler
// (unassign only) and the suggested fix with inline stores, and the three
// handlers with a worker's late store.
var chartConfigs = []string{
	"revokecommit/classic/unassign",
	"revokecommit/classic/fix",
	"revokecommit/late/unassign",
	"revokecommit/late/fix",
	"revokecommit/late/drain",
}

// chartFile is one recorded run: charts/<version>-<variant>-<handler>.json.
type chartFile struct {
	Version string            `json:"version"`
	Library string            `json:"library"`
	Config  string            `json:"config"`
	Verdict string            `json:"verdict"`
	Attempt int               `json:"attempt"` // the run recorded, 1-based: the first whose verdict was the one wanted
	Detail  map[string]string `json:"detail,omitempty"`
	Series  chartSeries       `json:"series"`
}

// chartSeries is the scenario program's SERIES line (scenario/series.go).
type chartSeries struct {
	Pstar     int32                  `json:"pstar"`
	Committed map[int32][]chartPoint `json:"committed"`
	Events    []chartEvent           `json:"events"`
	EndMs     int64                  `json:"end_ms"`
}

type chartPoint struct {
	Ms     int64 `json:"ms"`
	Offset int64 `json:"offset"`
}

type chartEvent struct {
	Ms         int64   `json:"ms"`
	Who        string  `json:"who"`
	Kind       string  `json:"kind"`
	Partitions []int32 `json:"partitions,omitempty"`
	Partition  int32   `json:"partition"`
	Offset     int64   `json:"offset"`
	How        string  `json:"how,omitempty"`
	Result     string  `json:"result,omitempty"`
}

func chartName(version, key string) string {
	_, rest, _ := strings.Cut(key, "/") // revokecommit/
	return version + "-" + strings.ReplaceAll(rest, "/", "-")
}

// wantedVerdict is the verdict a chart of key on v should show: REWIND when
// expected.json has seen it in that cell (a rewind is a race on v1.4.x and
// the chart is there to show it), else the cell's most frequent verdict.
func wantedVerdict(exp *expected, key, v string) (string, error) {
	c := exp.Cells[key][v]
	if c == nil || len(c.Verdicts) == 0 {
		return "", fmt.Errorf("%s %s: no cell in expected.json", v, key)
	}
	if c.Verdicts["REWIND"] > 0 {
		return "REWIND", nil
	}
	best := ""
	for _, verdict := range slices.Sorted(maps.Keys(c.Verdicts)) {
		if best == "" || c.Verdicts[verdict] > c.Verdicts[best] {
			best = verdict
		}
	}
	return best, nil
}

// recordCharts builds the chart versions, runs every chart config on each
// with -series until the verdict is the wanted one (at most attempts runs),
// writes the JSON files and renders them.
func recordCharts(here, work string, attempts int, log func(string, ...interface{})) error {
	exp, err := readExpected(filepath.Join(here, "expected.json"))
	if err != nil {
		return err
	}
	byKey := map[string]config{}
	for _, c := range configs {
		byKey[c.key()] = c
	}
	dir := filepath.Join(here, "charts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, v := range chartVersions {
		start := time.Now()
		bin, err := build(here, work, v)
		if err != nil {
			return fmt.Errorf("%s: %v", v, err)
		}
		log("proof: built %s in %.0fs", v, time.Since(start).Seconds())
		for _, key := range chartConfigs {
			c, ok := byKey[key]
			if !ok {
				return fmt.Errorf("chartConfigs: unknown config %s", key)
			}
			want, err := wantedVerdict(exp, key, v)
			if err != nil {
				return err
			}
			var got []string
			for attempt := 1; ; attempt++ {
				r := runOne(work, bin, v, c, attempt-1, "-series")
				log("proof: chart %s %s run %d: %s (%.1fs)", v, key, attempt, r.Outcome.Verdict, r.Outcome.Seconds)
				got = append(got, r.Outcome.Verdict)
				if r.Outcome.Verdict == want && r.Outcome.Series != nil {
					cf := chartFile{Version: v, Library: r.Outcome.Library, Config: key, Verdict: r.Outcome.Verdict, Attempt: attempt, Detail: r.Outcome.Detail}
					if err := json.Unmarshal(r.Outcome.Series, &cf.Series); err != nil {
						return fmt.Errorf("%s %s: SERIES: %v", v, key, err)
					}
					delete(cf.Detail, "stage")
					b, _ := json.MarshalIndent(cf, "", " ")
					if err := os.WriteFile(filepath.Join(dir, chartName(v, key)+".json"), append(b, '\n'), 0o644); err != nil {
						return err
					}
					break
				}
				if attempt == attempts {
					return fmt.Errorf("%s %s: no run showed %s in %d: %s (log %s)", v, key, want, attempts, strings.Join(got, ", "), r.Log)
				}
			}
		}
	}
	return renderCharts(here, "")
}

// renderCharts renders every charts/*.json to the SVG beside it, and to a PNG
// in pngDir when that is not empty (to look at; PNGs are not committed), and
// regenerates the charts block of docs/runtime-proof.md.
func renderCharts(here, pngDir string) error {
	files, err := filepath.Glob(filepath.Join(here, "charts", "*.json"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return errors.New("no charts/*.json: run go run . -record-charts")
	}
	for _, f := range files {
		cf, err := readChart(f)
		if err != nil {
			return err
		}
		svg, err := renderChart(cf, "svg")
		if err != nil {
			return fmt.Errorf("%s: %v", f, err)
		}
		if err := os.WriteFile(strings.TrimSuffix(f, ".json")+".svg", svg, 0o644); err != nil {
			return err
		}
		if pngDir != "" {
			png, err := renderChart(cf, "png")
			if err != nil {
				return fmt.Errorf("%s: %v", f, err)
			}
			if err := os.WriteFile(filepath.Join(pngDir, strings.TrimSuffix(filepath.Base(f), ".json")+".png"), png, 0o644); err != nil {
				return err
			}
		}
	}
	return writeChartsBlock(here)
}

func readChart(path string) (*chartFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cf chartFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cf); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &cf, nil
}

var (
	variantLabel = map[string]string{
		"classic": "offsets stored inline",
		"late":    "a worker stores after the revoke",
	}
	handlerLabel = map[string]string{
		"unassign": "revoke handler: Unassign only (#209)",
		"fix":      "revoke handler: Commit, StoreOffsets(OffsetInvalid), Unassign (the suggested fix)",
		"drain":    "revoke handler: wait for the workers, then the fix",
	}
	colCommitted = color.RGBA{R: 0x1f, G: 0x4e, B: 0x9c, A: 0xff}
	colAssign    = color.RGBA{R: 0x2c, G: 0x8c, B: 0x3c, A: 0xff}
	colRevoke    = color.RGBA{R: 0xc0, G: 0x30, B: 0x30, A: 0xff}
	colCommit    = color.RGBA{R: 0xe0, G: 0x8a, B: 0x00, A: 0xff}
	colStore     = color.RGBA{R: 0x80, G: 0x30, B: 0xa0, A: 0xff}
	colClose     = color.RGBA{R: 0x70, G: 0x70, B: 0x70, A: 0xff}
)

const (
	chartWidth   = 20 * vg.Centimeter
	chartHeight  = 13 * vg.Centimeter
	legendHeight = 3.2 * vg.Centimeter // below the plot, up to 8 entries of 9 pt
)

// offsetTicks marks offsets with integers: 4 to 8 labelled steps of 1, 2 or
// 5 times a power of ten, with 5 or 2 unlabelled ones between.
type offsetTicks struct{}

func (offsetTicks) Ticks(min, max float64) []plot.Tick {
	step := 1.0
	for _, m := range []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		step = m
		if (max-min)/m <= 8 {
			break
		}
	}
	minor := step / 5
	if step == 2 || step == 20 || step == 200 {
		minor = step / 2
	}
	if minor < 1 {
		minor = step
	}
	var ts []plot.Tick
	for x := math.Ceil(min/minor) * minor; x <= max; x += minor {
		t := plot.Tick{Value: x}
		if math.Mod(x, step) == 0 {
			t.Label = strconv.Itoa(int(x))
		}
		ts = append(ts, t)
	}
	return ts
}

// secondTicks marks every 5 s with a label and every second without.
type secondTicks struct{}

func (secondTicks) Ticks(min, max float64) []plot.Tick {
	var ts []plot.Tick
	for x := math.Ceil(min); x <= max; x++ {
		t := plot.Tick{Value: x}
		if int(x)%5 == 0 {
			t.Label = strconv.Itoa(int(x))
		}
		ts = append(ts, t)
	}
	return ts
}

// rewindAt reports the first drop of p*'s committed offset below a value it
// had already reached: the index in the committed points, or -1.
func (s *chartSeries) rewindAt() int {
	seen := int64(-1)
	for i, p := range s.Committed[s.Pstar] {
		if p.Offset < seen {
			return i
		}
		seen = max(seen, p.Offset)
	}
	return -1
}

// renderChart draws one recorded run: format "svg" or "png".
func renderChart(cf *chartFile, format string) ([]byte, error) {
	s := &cf.Series
	pts := s.Committed[s.Pstar]
	if s.Pstar < 0 || len(pts) == 0 {
		return nil, errors.New("no committed offsets of p* in the series")
	}
	_, rest, _ := strings.Cut(cf.Config, "/")
	variant, handler, _ := strings.Cut(rest, "/")

	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
	plotter.DefaultFont = plot.DefaultFont
	p := plot.New()
	p.Title.Text = fmt.Sprintf("confluent-kafka-go %s (librdkafka %s): %s\n%s\nverdict: %s", cf.Version, cf.Library, variantLabel[variant], handlerLabel[handler], cf.Verdict)
	p.Title.TextStyle.Font.Size = 11
	p.X.Label.Text = "seconds since the scenario started"
	p.Y.Label.Text = fmt.Sprintf("group g's committed offset of t[%d]", s.Pstar)
	p.X.Tick.Marker = secondTicks{}
	p.Y.Tick.Marker = offsetTicks{}
	p.Add(plotter.NewGrid())
	// The legend goes below the plot, where it hides no data.
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	leg.TextStyle.Font.Size = 9
	leg.ThumbnailWidth = 0.8 * vg.Centimeter
	leg.XOffs = 0.5 * vg.Centimeter
	leg.Padding = vg.Points(2.5)

	sec := func(ms int64) float64 { return float64(ms) / 1000 }
	maxOff := int64(0)
	for _, pt := range pts {
		maxOff = max(maxOff, pt.Offset)
	}
	for _, e := range s.Events {
		if e.Kind == "commit" || e.Kind == "store" {
			if e.Partition == s.Pstar {
				maxOff = max(maxOff, e.Offset)
			}
		}
	}
	top := float64(maxOff) * 1.15
	p.Y.Min, p.Y.Max = 0, top
	p.X.Min, p.X.Max = 0, sec(s.EndMs)

	// The committed offset as a step line, held to the end of the run.
	line := make(plotter.XYs, 0, len(pts)+1)
	for _, pt := range pts {
		line = append(line, plotter.XY{X: sec(pt.Ms), Y: float64(pt.Offset)})
	}
	line = append(line, plotter.XY{X: sec(s.EndMs), Y: float64(pts[len(pts)-1].Offset)})
	l, err := plotter.NewLine(line)
	if err != nil {
		return nil, err
	}
	l.StepStyle = plotter.PostStep
	l.Color, l.Width = colCommitted, vg.Points(2)
	p.Add(l)
	leg.Add(fmt.Sprintf("committed offset of t[%d] (an observer polls Committed every 20 ms)", s.Pstar), l)

	// Rebalance events of p*, and B's Close: A solid, B dashed; assign
	// green, revoke red, close grey.
	legend := map[string]bool{}
	for _, e := range s.Events {
		var name string
		switch {
		case e.Kind == "close":
			name = e.Who + " closes (leaves the group)"
		case (e.Kind == "assign" || e.Kind == "revoke") && slices.Contains(e.Partitions, s.Pstar):
			name = fmt.Sprintf("%s: t[%d] %s", e.Who, s.Pstar, map[string]string{"assign": "assigned", "revoke": "revoked"}[e.Kind])
		default:
			continue
		}
		v, err := plotter.NewLine(plotter.XYs{{X: sec(e.Ms), Y: 0}, {X: sec(e.Ms), Y: top}})
		if err != nil {
			return nil, err
		}
		v.Width = vg.Points(1.2)
		switch e.Kind {
		case "assign":
			v.Color = colAssign
		case "revoke":
			v.Color = colRevoke
		default:
			v.Color = colClose
		}
		if e.Who == "B" {
			v.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(v)
		if !legend[name] {
			legend[name] = true
			leg.Add(name, v)
		}
	}

	// A's successful commits of p* and the late store.
	var commits, stores plotter.XYs
	storeResult := ""
	for _, e := range s.Events {
		if e.Partition != s.Pstar || e.Who != "A" {
			continue
		}
		switch e.Kind {
		case "commit":
			commits = append(commits, plotter.XY{X: sec(e.Ms), Y: float64(e.Offset)})
		case "store":
			stores = append(stores, plotter.XY{X: sec(e.Ms), Y: float64(e.Offset)})
			storeResult = e.Result
		}
	}
	if len(commits) > 0 {
		sc, err := plotter.NewScatter(commits)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: colCommit, Radius: vg.Points(2.5), Shape: draw.CrossGlyph{}}
		p.Add(sc)
		leg.Add(fmt.Sprintf("a commit of t[%d] by A succeeds with this offset", s.Pstar), sc)
	}
	if len(stores) > 0 {
		sc, err := plotter.NewScatter(stores)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: colStore, Radius: vg.Points(4), Shape: draw.TriangleGlyph{}}
		p.Add(sc)
		leg.Add(fmt.Sprintf("the worker's late StoreOffsets of t[%d] (%s)", s.Pstar, storeResult), sc)
	}

	// The rewind, labelled where the observer saw it.
	if i := s.rewindAt(); i > 0 {
		label := fmt.Sprintf("rewind: %d \u2192 %d", pts[i-1].Offset, pts[i].Offset)
		// A rewind that a later commit repairs is a spike too thin to see.
		for _, q := range pts[i+1:] {
			if q.Offset >= pts[i-1].Offset {
				label += fmt.Sprintf(" for %d ms", q.Ms-pts[i].Ms)
				break
			}
		}
		lb, err := plotter.NewLabels(plotter.XYLabels{
			XYs:    plotter.XYs{{X: sec(pts[i].Ms), Y: float64(pts[i-1].Offset+pts[i].Offset) / 2}},
			Labels: []string{label},
		})
		if err != nil {
			return nil, err
		}
		lb.TextStyle[0].Font.Size = 10
		lb.TextStyle[0].Color = colRevoke
		// Right of the drop where the run goes on long enough, else left of
		// it; clear of the line also in a viewer's wider fallback font.
		lb.Offset = vg.Point{X: vg.Points(8)}
		if pts[i].Ms > s.EndMs*7/10 {
			lb.TextStyle[0].XAlign = text.XRight
			lb.Offset = vg.Point{X: -vg.Points(14)}
		}
		p.Add(lb)
	}

	var c vg.CanvasWriterTo
	switch format {
	case "svg":
		c = vgsvg.New(chartWidth, chartHeight)
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(chartWidth, chartHeight), vgimg.UseDPI(110))}
	default:
		return nil, fmt.Errorf("unknown format %q", format)
	}
	dc := draw.New(c)
	p.Draw(draw.Crop(dc, 0, 0, legendHeight, 0))
	leg.Draw(draw.Crop(dc, 0, 0, 0, legendHeight-chartHeight))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// rewinds reports whether the series shows a rewind of p*, as the scenario's
// verdict defines it: the observed committed offset drops below a value it
// had reached, or a commit of A succeeds with an offset below the highest
// committed offset observed before it.
func (s *chartSeries) rewinds() bool {
	if s.rewindAt() >= 0 {
		return true
	}
	pts := s.Committed[s.Pstar]
	for _, e := range s.Events {
		if e.Who != "A" || e.Kind != "commit" || e.Partition != s.Pstar {
			continue
		}
		seen := int64(-1)
		for _, p := range pts {
			if p.Ms <= e.Ms {
				seen = max(seen, p.Offset)
			}
		}
		if e.Offset < seen {
			return true
		}
	}
	return false
}

// docCharts are the charts docs/runtime-proof.md shows, in rows: the #209
// handler beside the suggested fix with inline stores on v1.4.0, and the three
// handlers of a worker's late store on v1.8.2.
var docCharts = []struct {
	title string
	names []string
}{
	{"Offsets stored inline, v1.4.0: the #209 handler (Unassign only) and the suggested fix (Commit, StoreOffsets(OffsetInvalid), Unassign)",
		[]string{"v1.4.0-classic-unassign", "v1.4.0-classic-fix"}},
	{"A worker stores after the revoke, v1.8.2: Unassign only, the suggested fix, and waiting for the worker before the fix",
		[]string{"v1.8.2-late-unassign", "v1.8.2-late-fix", "v1.8.2-late-drain"}},
}

// outcomeText is a chart's verdict with the rewind its series shows.
func (cf *chartFile) outcomeText() string {
	s := &cf.Series
	pts := s.Committed[s.Pstar]
	if i := s.rewindAt(); i > 0 {
		return fmt.Sprintf("%s, committed offset of t[%d] %d \u2192 %d", cf.Verdict, s.Pstar, pts[i-1].Offset, pts[i].Offset)
	}
	return cf.Verdict
}

// chartsBlock is the generated charts block of docs/runtime-proof.md.
func chartsBlock(here string) (string, error) {
	var b strings.Builder
	b.WriteString("The committed offset of the partition that moves to a second consumer and back, in one\n" +
		"recorded run each, with the rebalance events marked ([proof/charts/README.md](../proof/charts/README.md):\n" +
		"every chart, what it shows, how to regenerate; `make test` fails when an SVG is not what its\n" +
		"recorded data renders to).\n")
	for _, row := range docCharts {
		fmt.Fprintf(&b, "\n%s:\n\n", row.title)
		width := 100/len(row.names) - 1
		var imgs []string
		for _, n := range row.names {
			cf, err := readChart(filepath.Join(here, "charts", n+".json"))
			if err != nil {
				return "", err
			}
			_, rest, _ := strings.Cut(cf.Config, "/")
			variant, handler, _ := strings.Cut(rest, "/")
			alt := fmt.Sprintf("%s, %s, %s: %s", cf.Version, variantLabel[variant], handlerLabel[handler], cf.outcomeText())
			imgs = append(imgs, fmt.Sprintf(`<img src="../proof/charts/%s.svg" alt="%s" width="%d%%">`, n, html.EscapeString(alt), width))
		}
		b.WriteString(strings.Join(imgs, " ") + "\n")
	}
	return b.String(), nil
}

func writeChartsBlock(here string) error {
	body, err := chartsBlock(here)
	if err != nil {
		return err
	}
	return regenerate(filepath.Join(here, "..", "docs", "runtime-proof.md"), "charts", body)
}
