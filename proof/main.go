// Command proof runs kafkalint's runtime proof: scenarios against librdkafka's
// in-process mock cluster (127.0.0.1 only), or, for the configs that name it, a
// kfake cluster this runner starts (kfake.go), built once per confluent-kafka-go
// version from the Go module proxy, and prints the matrix
// version x scenario x handler -> outcome.
//
//	go run . -runs 3 -write        # the full matrix, rewrites RESULTS.md and expected.json
//	go run . -short -check         # the CI subset, fails on an outcome not in expected.json
//	go run . -record-charts        # record and render the rewind charts (charts/README.md)
//	go run . -charts               # only re-render charts/*.svg from charts/*.json
//
// Each version gets a scratch module in a temporary directory that requires
// github.com/confluentinc/confluent-kafka-go (the /v2 path for v2) at that
// version, with the go.mod and go.sum committed under modules/<version>; the
// scenario program (scenario/, written against v2) is copied in with its import
// path rewritten for v1 and built with cgo against the librdkafka the module
// bundles. The Go build cache is the user's, shared by every version.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// allVersions are the confluent-kafka-go versions of the full matrix. The module
// proxy's version list (go list -m -versions .../v2: v2.3.0 v2.6.1 v2.11.1) and
// @latest stop at v2.11.1, but it serves v2.15.0 when asked for it, the newest
// release kafka-facts.md names.
var allVersions = []string{"v1.4.0", "v1.4.2", "v1.6.1", "v1.8.2", "v1.9.2", "v2.11.1", "v2.15.0"}

// shortCells is the CI subset (-short): on the two sides of librdkafka 1.9.0,
// whose mock is stable (librdkafka >= 1.6.0; the 1.4.x mock crashes), one run of
// each cell where a claim of the analyzers turns on the version or a fix:
//   - v1.8.2, the last release before 1.9.0: a worker's late store rewinds the
//     offset even after the suggested commit + invalidate (revokecommit's
//     category nowait, no fix offered), waiting for the work first prevents it,
//     and with inline stores nothing rewinds (why exact v1.4.2 to v1.8.2 without
//     worker stores are not reported); Poll delivers no rebalance events with
//     go.application.rebalance.enable=true (pollrebalance, since v1.6.1); a
//     quiet ReadMessage returns ErrTimedOut, without IsTimeout (readtimeout);
//     ReadMessage(-1) with all brokers down returns nil messages with its
//     errors (readtimeout's nilmessage, both versions).
//   - v2.11.1 (the v2 demo's version): the late store no longer rewinds; Poll
//     and Events as above; an own-offset store redelivers the last message
//     (storeoffset); the mock still discards transactional offsets, so
//     txnoffset's cells show what is sent, not what is committed (a mock that
//     commits them would change this cell and should extend the proof);
//     StoreOffsets on an auto-store consumer fails (autostore);
//     an offset-less Commit() commits the stored offsets (revokecommit's
//     committer with auto commit off); ErrTimedOut with IsTimeout; a consumer
//     that stores nothing commits nothing (neverstored); what NewConsumer does with the values configkey reports; an eager Assign
//     under cooperative-sticky fails (incrementalassign).
//
// Every cell is deterministic on these versions in every run so far (3 runs
// per cell in the full matrix, and the CI runs); an outcome expected.json does
// not list fails the run.
var shortCells = map[string][]string{
	"v1.8.2": {
		"revokecommit/late/fix", "revokecommit/late/drain", "revokecommit/classic/unassign",
		"pollrebalance/poll/flag=true,cb=no",
		"readtimeout", "readerror/brokers-down/readmessage-1",
	},
	"v2.11.1": {
		"revokecommit/late/fix",
		"pollrebalance/poll/flag=true,cb=no", "pollrebalance/events/flag=true,cb=no",
		"storeoffset/restart/storeoffsets-own", "storeoffset/restart/storeoffsets-plus1",
		"txnoffset/restart/own",
		"storeautoarg/auto.offset.store=true/storeoffsets",
		"commitstored",
		"readtimeout", "readerror/brokers-down/readmessage-1", "neverstored",
		"configkey",
		"incrementalassign/cooperative/eager-assign",
	},
}

var (
	flagVersions  = flag.String("versions", "", "comma-separated versions (default: all, or the short set with -short)")
	flagScenarios = flag.String("scenarios", "", "comma-separated scenario names or scenario/variant/handler keys (default: all)")
	flagRuns      = flag.Int("runs", 1, "runs per cell")
	flagJobs      = flag.Int("j", 2, "scenario programs run at the same time")
	flagShort     = flag.Bool("short", false, "the CI subset: the cells of shortCells on v1.8.2 and v2.11.1, 1 run each")
	flagCheck     = flag.Bool("check", false, "fail when an outcome is not one expected.json lists for its cell")
	flagWrite     = flag.Bool("write", false, "rewrite expected.json and the matrix in RESULTS.md from this run")
	flagKeep      = flag.Bool("keep", false, "keep the scratch modules and logs")
	flagTidy      = flag.Bool("tidy", false, "create missing modules/<version> go.mod and go.sum with go mod tidy (needs the proxy)")
	flagSave      = flag.String("save", "", "also write this run's cells as JSON to this file (for -merge)")
	flagMerge     = flag.String("merge", "", "merge the cells of a -save file into expected.json, regenerate, and exit")
	flagRegen     = flag.Bool("regen", false, "only regenerate RESULTS.md and docs/runtime-proof.md's table from expected.json")
	flagRetries   = flag.Int("retries", 3, "reruns of a run that crashed in a documented mock defect (librdkafka < 1.6.0)")
	flagRecord    = flag.Bool("record-charts", false, "run the charted revokecommit configs on the chart versions with -series, write charts/*.json and render them (charts.go)")
	flagCharts    = flag.Bool("charts", false, "only render charts/*.json to charts/*.svg")
	flagPNG       = flag.String("png", "", "with -charts or -record-charts: also write PNGs of the charts to this directory (to look at; not committed)")
	flagAttempts  = flag.Int("chart-attempts", 6, "with -record-charts: runs of a chart's config until one shows the verdict wanted")
)

func main() {
	flag.Parse()
	log := func(format string, args ...interface{}) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
	here, err := proofDir()
	if err != nil {
		log("proof: %v", err)
		os.Exit(2)
	}
	if *flagMerge != "" {
		saved, err := readExpected(*flagMerge)
		if err == nil {
			m := &matrix{cells: saved.Cells}
			err = m.write(here)
		}
		if err != nil {
			log("proof: %v", err)
			os.Exit(2)
		}
		return
	}
	if *flagCharts {
		if err := renderCharts(here, *flagPNG); err != nil {
			log("proof: %v", err)
			os.Exit(2)
		}
		return
	}
	if *flagRecord {
		work, err := os.MkdirTemp("", "kafkalint-charts-")
		if err == nil {
			if !*flagKeep {
				defer os.RemoveAll(work)
			}
			err = recordCharts(here, work, *flagAttempts, log)
		}
		if err == nil && *flagPNG != "" {
			err = renderCharts(here, *flagPNG)
		}
		if err != nil {
			log("proof: %v", err)
			os.RemoveAll(work)
			os.Exit(2)
		}
		return
	}
	if *flagRegen {
		exp, err := readExpected(filepath.Join(here, "expected.json"))
		if err == nil {
			err = regenerate(filepath.Join(here, "RESULTS.md"), "matrix", resultsBlock(exp))
		}
		if err == nil {
			err = writeReadme(here, exp)
		}
		if err != nil {
			log("proof: %v", err)
			os.Exit(2)
		}
		return
	}
	versions := allVersions
	if *flagShort {
		versions = slices.Sorted(maps.Keys(shortCells))
	}
	if *flagVersions != "" {
		versions = strings.Split(*flagVersions, ",")
	}
	var want []string
	if *flagScenarios != "" {
		want = strings.Split(*flagScenarios, ",")
	}
	// runs reports whether the cell of c on version v is part of this run.
	runs := func(c config, v string) bool {
		if c.Min != "" && semverLess(v, c.Min) {
			return false
		}
		if *flagShort && *flagScenarios == "" {
			cells, ok := shortCells[v]
			return ok && selected(c, cells)
		}
		return selected(c, want)
	}
	var cfgs []config
	for _, c := range configs {
		if slices.ContainsFunc(versions, func(v string) bool { return runs(c, v) }) {
			cfgs = append(cfgs, c)
		}
	}
	work, err := os.MkdirTemp("", "kafkalint-proof-")
	if err != nil {
		log("proof: %v", err)
		os.Exit(2)
	}
	if !*flagKeep {
		defer os.RemoveAll(work)
	} else {
		log("proof: scratch modules and logs in %s", work)
	}

	bins := map[string]string{}
	for _, v := range versions {
		start := time.Now()
		bin, err := build(here, work, v)
		if err != nil {
			log("proof: %s: %v", v, err)
			os.Exit(1)
		}
		log("proof: built %s in %.0fs", v, time.Since(start).Seconds())
		bins[v] = bin
	}

	type job struct {
		v   string
		c   config
		run int
	}
	var jobs []job
	for _, c := range cfgs {
		for _, v := range versions {
			if !runs(c, v) {
				continue
			}
			for r := 0; r < *flagRuns; r++ {
				jobs = append(jobs, job{v, c, r})
			}
		}
	}
	results := make([]runResult, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, *flagJobs)
	var mu sync.Mutex
	done := 0
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, j job) {
			defer wg.Done()
			defer func() { <-sem }()
			r := runOne(work, bins[j.v], j.v, j.c, j.run)
			results[i] = r
			mu.Lock()
			done++
			log("proof: [%d/%d] %s %s run %d: %s (%.1fs%s)", done, len(jobs), j.v, j.c.key(), j.run+1, r.Outcome.Verdict, r.Outcome.Seconds, retryNote(r))
			mu.Unlock()
		}(i, j)
	}
	wg.Wait()

	m := aggregate(versions, cfgs, results)
	fmt.Print(m.markdown())

	if *flagSave != "" {
		b, _ := json.MarshalIndent(expected{Cells: m.cells}, "", "  ")
		if err := os.WriteFile(*flagSave, append(b, '\n'), 0o644); err != nil {
			log("proof: %v", err)
			os.Exit(2)
		}
	}
	failed := false
	if *flagCheck {
		exp, err := readExpected(filepath.Join(here, "expected.json"))
		if err != nil {
			log("proof: %v", err)
			os.Exit(2)
		}
		for _, bad := range m.check(exp) {
			log("proof: UNEXPECTED %s", bad)
			failed = true
		}
	}
	if *flagWrite {
		if err := m.write(here); err != nil {
			log("proof: %v", err)
			os.Exit(2)
		}
		log("proof: wrote expected.json and RESULTS.md")
	}
	if failed {
		os.Exit(1)
	}
}

func retryNote(r runResult) string {
	if r.Crashes == 0 {
		return ""
	}
	return fmt.Sprintf(", after %d mock crash(es)", r.Crashes)
}

func selected(c config, want []string) bool {
	if len(want) == 0 {
		return true
	}
	for _, w := range want {
		if w == c.Scenario || w == c.key() || strings.HasPrefix(c.key(), w+"/") {
			return true
		}
	}
	return false
}

// proofDir finds this directory: the working directory when it holds
// scenario/, else ./proof.
func proofDir() (string, error) {
	for _, d := range []string{".", "proof"} {
		if _, err := os.Stat(filepath.Join(d, "scenario", "main.go")); err == nil {
			return filepath.Abs(d)
		}
	}
	return "", errors.New("run from the repository root or proof/ (no scenario/main.go)")
}

const v2Import = `"github.com/confluentinc/confluent-kafka-go/v2/kafka"`

// build creates the scratch module of version v and builds the scenario program.
func build(here, work, v string) (string, error) {
	dir := filepath.Join(work, v)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	srcs, err := filepath.Glob(filepath.Join(here, "scenario", "*.go"))
	if err != nil {
		return "", err
	}
	imp := `"github.com/confluentinc/confluent-kafka-go/kafka"`
	if strings.HasPrefix(v, "v2.") {
		imp = v2Import
	}
	for _, s := range srcs {
		b, err := os.ReadFile(s)
		if err != nil {
			return "", err
		}
		b = bytes.ReplaceAll(b, []byte(v2Import), []byte(imp))
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(s)), b, 0o644); err != nil {
			return "", err
		}
	}
	mods := filepath.Join(here, "modules", v)
	env := append(os.Environ(), "CGO_ENABLED=1", "GOWORK=off", "GOFLAGS=-mod=readonly")
	if _, err := os.Stat(filepath.Join(mods, "go.mod")); err != nil {
		if !*flagTidy {
			return "", fmt.Errorf("no %s/go.mod: run with -tidy once to create it", mods)
		}
		path := "github.com/confluentinc/confluent-kafka-go"
		if strings.HasPrefix(v, "v2.") {
			path += "/v2"
		}
		gomod := fmt.Sprintf("module example.com/proofscenario\n\ngo 1.22\n\nrequire %s %s\n", path, v)
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
			return "", err
		}
		tidy := exec.Command("go", "mod", "tidy")
		tidy.Dir, tidy.Env = dir, append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		if out, err := tidy.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go mod tidy: %v\n%s", err, out)
		}
		if err := os.MkdirAll(mods, 0o755); err != nil {
			return "", err
		}
		for _, f := range []string{"go.mod", "go.sum"} {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil && f == "go.sum" {
				b, err = nil, nil
			}
			if err != nil {
				return "", err
			}
			if err := os.WriteFile(filepath.Join(mods, f), b, 0o644); err != nil {
				return "", err
			}
		}
	}
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(mods, f))
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(dir, "scenario")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir, cmd.Env = dir, env
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// Outcome is the scenario program's record (scenario/main.go).
type Outcome struct {
	Scenario string            `json:"scenario"`
	Variant  string            `json:"variant"`
	Handler  string            `json:"handler"`
	Library  string            `json:"library"`
	Verdict  string            `json:"verdict"`
	Detail   map[string]string `json:"detail,omitempty"`
	Errors   []string          `json:"errors,omitempty"`
	Seconds  float64           `json:"seconds"`

	// Series is the SERIES line of a run with -series (charts.go), else nil.
	Series json.RawMessage `json:"-"`
}

type runResult struct {
	Version string
	Config  config
	Outcome Outcome
	Crashes int // documented mock crashes retried before this outcome
	Log     string
}

// mockDefect reports whether a run that died of signal sig on version v is the
// documented mock crash: rd_kafka_mock_handle_SyncGroup dereferencing a member
// without a connection, fixed by librdkafka 8ba96e4a5, first released in 1.6.0
// (runtime-repro.md, "Flakiness and failures").
func mockDefect(v string, sig syscall.Signal) bool {
	return semverLess(v, "v1.6.0") && (sig == syscall.SIGSEGV || sig == syscall.SIGABRT || sig == syscall.SIGBUS)
}

// runOne runs config c once on version v (its binary bin), with the extra
// scenario flags args, retrying documented mock crashes.
func runOne(work, bin, v string, c config, run int, args ...string) runResult {
	res := runResult{Version: v, Config: c}
	for attempt := 0; ; attempt++ {
		logPath := filepath.Join(work, "logs", fmt.Sprintf("%s_%s_%s_%s_%d_%d.log", v, c.Scenario, sanitize(c.Variant), sanitize(c.Handler), run, attempt))
		os.MkdirAll(filepath.Dir(logPath), 0o755)
		var out *Outcome
		var sig syscall.Signal
		var err error
		if c.Broker == brokerKfake {
			var addr string
			var stop func()
			if addr, stop, err = startKfake(); err == nil {
				out, sig, err = execScenario(bin, c, logPath, append([]string{"-bootstrap", addr}, args...)...)
				stop()
			}
		} else {
			out, sig, err = execScenario(bin, c, logPath, args...)
		}
		res.Log = logPath
		if sig != 0 && mockDefect(v, sig) && attempt < *flagRetries {
			res.Crashes++
			continue
		}
		switch {
		case out != nil:
			res.Outcome = *out
		case sig != 0:
			res.Outcome.Verdict = "CRASH " + sig.String()
		default:
			res.Outcome.Verdict = fmt.Sprintf("FAILED %v", err)
		}
		return res
	}
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '=' || r == ',' || r == '/' || r == '.' {
			return '_'
		}
		return r
	}, s)
}

func execScenario(bin string, c config, logPath string, args ...string) (*Outcome, syscall.Signal, error) {
	wd := c.Watchdog
	if wd == 0 {
		wd = 90
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(wd+10)*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{"-scenario", c.Scenario, "-variant", c.Variant, "-handler", c.Handler, "-watchdog", fmt.Sprintf("%ds", wd)}, args...)...)
	lf, err := os.Create(logPath)
	if err != nil {
		return nil, 0, err
	}
	defer lf.Close()
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, lf
	cmd.Env = append(os.Environ(), "GOTRACEBACK=crash")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // no orphans when the runner dies
	err = cmd.Run()
	var sig syscall.Signal
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			sig = ws.Signal()
		}
	}
	// Go turns SIGSEGV in C code into a crash with exit status 2 and "signal
	// SIGSEGV" on stderr; take the signal from there.
	if sig == 0 && err != nil {
		if b, rerr := os.ReadFile(logPath); rerr == nil {
			for _, s := range []syscall.Signal{syscall.SIGSEGV, syscall.SIGABRT, syscall.SIGBUS} {
				if bytes.Contains(b, []byte("signal "+sigName(s))) || bytes.Contains(b, []byte("fatal error: unexpected signal")) && s == syscall.SIGSEGV {
					sig = s
					break
				}
			}
		}
	}
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var ser json.RawMessage
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "SERIES "); ok && json.Valid([]byte(rest)) {
			ser = json.RawMessage(rest)
		}
		if rest, ok := strings.CutPrefix(sc.Text(), "OUTCOME "); ok {
			var o Outcome
			if jerr := json.Unmarshal([]byte(rest), &o); jerr == nil {
				o.Series = ser
				return &o, sig, nil
			}
		}
	}
	return nil, sig, err
}

func sigName(s syscall.Signal) string {
	switch s {
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	}
	return strconv.Itoa(int(s))
}

// semverLess compares vMAJOR.MINOR.PATCH strings.
func semverLess(a, b string) bool {
	pa, pb := semverParts(a), semverParts(b)
	for i := range pa {
		if pa[i] != pb[i] {
			return pa[i] < pb[i]
		}
	}
	return false
}

func semverParts(v string) [3]int {
	var p [3]int
	for i, s := range strings.SplitN(strings.TrimPrefix(v, "v"), ".", 3) {
		p[i], _ = strconv.Atoi(s)
	}
	return p
}
