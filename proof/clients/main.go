// Command clients runs kafkalint's runtime proof for sarama, franz-go and
// kafka-go: each scenario against a fresh kfake cluster (franz-go's in-process
// fake Kafka, github.com/twmb/franz-go/pkg/kfake) on 127.0.0.1, started by this
// runner for each run, with a program built once per client version from the
// Go module proxy. It prints the matrix client version x scenario x handler ->
// outcome.
//
//	go run . -runs 3 -write   # the full matrix; rewrites expected.json, RESULTS.md and docs/runtime-proof.md's table
//	go run . -short -check    # the CI subset; fails on an outcome expected.json does not list
//
// The scenario programs live in scenario/ (their own module, written against
// the newest versions: github.com/IBM/sarama, franz-go's kgo, kafka-go). For
// each target, build copies scenario/kit and scenario/<client> into a scratch
// module whose go.mod and go.sum are committed under modules/<target> and
// require only that client at that version (the import is rewritten for
// github.com/Shopify/sarama). The cluster runs in this process, from one fixed
// kfake version, so no client version is tied to kfake's franz-go.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// shortCells is the CI subset (-short): one run of each cell, on the newest
// version of each client and the old sarama import path, chosen so that each
// rule's mistake and fix run once and the subset stays within about two
// minutes: the one-member scenarios, sarama's Consume-once rebalance and
// revoked cooperative claims, and franz-go's deadlocks in a partition callback
// (one per callback, bounded at 10 and 15s) and in Close. Not the rebalances
// held until an eviction (10s each, and claimctx/ok-continue burns both cores
// while it spins). A test checks that each had one outcome in every run of the
// full matrix.
var shortCells = map[string][]string{
	"Shopify/sarama@v1.38.1": {"sarama/markoffset/markoffset-own", "sarama/autocommit/mark-no-commit", "sarama/claimclosed/nil-continue", "sarama/callbackmark/ack-after-return"},
	"IBM/sarama@v1.61.1":     {"markoffset", "autocommit", "markafter", "callbackmark", "claimclosed", "claimrevoked", "notlooped"},
	"twmb/franz-go@v1.22.3": {
		"revokeclose", "marks", "marksmanual", "rawoffset", "skipfailed",
		"franzgo/closecallback/sync-close", "franzgo/closerevoked/sync-close", "franzgo/closerevoked/go-close",
		"franzgo/closelost/sync-leavegroup", "franzgo/closelost/go-close", "franzgo/closelost/leavegroupcontext-nil",
		"franzgo/closepoll/close", "franzgo/closepoll/closeallowingrebalance",
	},
	"segmentio/kafka-go@v0.4.51": {
		"partition0", "fetchcommit", "readcrash", "groupapi", "gencommit", "commitorder",
		"kafkago/startoffset/startoffset-no-group", "kafkago/startoffset/setoffset",
	},
}

var (
	flagTargets   = flag.String("targets", "", "comma-separated target ids (IBM/sarama@v1.61.1) or clients (sarama); default all")
	flagScenarios = flag.String("scenarios", "", "comma-separated scenario names or keys (client/scenario/handler); default all")
	flagRuns      = flag.Int("runs", 1, "runs per cell")
	flagJobs      = flag.Int("j", 2, "scenario runs at the same time")
	flagShort     = flag.Bool("short", false, "the CI subset (shortCells), 1 run each")
	flagCheck     = flag.Bool("check", false, "fail when an outcome is not one expected.json lists for its cell")
	flagWrite     = flag.Bool("write", false, "merge this run's cells into expected.json and regenerate RESULTS.md and docs/runtime-proof.md's table")
	flagKeep      = flag.Bool("keep", false, "keep the scratch modules and logs")
	flagTidy      = flag.Bool("tidy", false, "create missing modules/<target> go.mod and go.sum with go mod tidy (needs the proxy)")
	flagRegen     = flag.Bool("regen", false, "only regenerate RESULTS.md and docs/runtime-proof.md's table from expected.json")
	flagServe     = flag.String("serve", "", "partitions,records: only start a cluster and its control endpoint, print their addresses and wait (to run a scenario program by hand)")
)

func main() {
	flag.Parse()
	log := func(format string, args ...any) { fmt.Fprintf(os.Stderr, format+"\n", args...) }
	fail := func(err error) {
		log("proof/clients: %v", err)
		os.Exit(2)
	}
	here, err := proofDir()
	if err != nil {
		fail(err)
	}
	if *flagServe != "" {
		var partitions int32
		var records int
		if _, err := fmt.Sscanf(*flagServe, "%d,%d", &partitions, &records); err != nil {
			fail(fmt.Errorf("-serve %q: want partitions,records", *flagServe))
		}
		fc, err := startCluster(partitions, records)
		if err != nil {
			fail(err)
		}
		fmt.Printf("-broker %s -control %s\n", fc.broker(), fc.control())
		select {}
	}
	if *flagRegen {
		exp, err := readExpected(filepath.Join(here, "expected.json"))
		if err == nil {
			err = writeGenerated(here, exp)
		}
		if err != nil {
			fail(err)
		}
		return
	}
	ts := targets
	if *flagTargets != "" {
		want := strings.Split(*flagTargets, ",")
		ts = nil
		for _, t := range targets {
			if slices.Contains(want, t.id()) || slices.Contains(want, t.Client) {
				ts = append(ts, t)
			}
		}
	}
	var want []string
	if *flagScenarios != "" {
		want = strings.Split(*flagScenarios, ",")
	}
	runs := func(c config, t target) bool {
		if c.Client != t.Client {
			return false
		}
		if *flagShort && *flagScenarios == "" {
			cells, ok := shortCells[t.id()]
			return ok && selected(c, cells)
		}
		return selected(c, want)
	}
	type job struct {
		t   target
		c   config
		run int
	}
	var jobs []job
	var cfgs []config
	for _, c := range configs {
		used := false
		for _, t := range ts {
			if runs(c, t) {
				used = true
				for r := 0; r < *flagRuns; r++ {
					jobs = append(jobs, job{t, c, r})
				}
			}
		}
		if used {
			cfgs = append(cfgs, c)
		}
	}
	work, err := os.MkdirTemp("", "kafkalint-proof-clients-")
	if err != nil {
		fail(err)
	}
	if *flagKeep {
		log("proof/clients: scratch modules and logs in %s", work)
	} else {
		defer os.RemoveAll(work)
	}
	bins := map[string]string{}
	var built []target
	for _, t := range ts {
		if !slices.ContainsFunc(jobs, func(j job) bool { return j.t == t }) {
			continue
		}
		start := time.Now()
		bin, err := build(here, work, t)
		if err != nil {
			log("proof/clients: %s: %v", t.id(), err)
			os.Exit(1)
		}
		log("proof/clients: built %s in %.0fs", t.id(), time.Since(start).Seconds())
		bins[t.id()] = bin
		built = append(built, t)
	}

	results := make([]runResult, len(jobs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, *flagJobs)
	var mu sync.Mutex
	done := 0
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r := runOne(work, bins[j.t.id()], j.t, j.c, j.run)
			results[i] = r
			mu.Lock()
			done++
			log("proof/clients: [%d/%d] %s %s run %d: %s (%.1fs)", done, len(jobs), j.t.id(), j.c.key(), j.run+1, r.Outcome.Verdict, r.Outcome.Seconds)
			mu.Unlock()
		}()
	}
	wg.Wait()

	m := aggregate(results)
	fmt.Print(markdown(built, cfgs, m))
	failed := false
	if *flagCheck {
		exp, err := readExpected(filepath.Join(here, "expected.json"))
		if err != nil {
			fail(err)
		}
		for _, bad := range check(m, exp) {
			log("proof/clients: UNEXPECTED %s", bad)
			failed = true
		}
	}
	if *flagWrite {
		if err := write(here, m); err != nil {
			fail(err)
		}
		log("proof/clients: wrote expected.json, RESULTS.md and docs/runtime-proof.md's table")
	}
	if failed {
		os.Exit(1)
	}
}

// selected reports whether c is one of want (scenario names, keys or key
// prefixes); an empty want selects everything.
func selected(c config, want []string) bool {
	if want == nil {
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
// scenario/kit, else ./proof/clients.
func proofDir() (string, error) {
	for _, d := range []string{".", filepath.Join("proof", "clients")} {
		if _, err := os.Stat(filepath.Join(d, "scenario", "kit", "kit.go")); err == nil {
			return filepath.Abs(d)
		}
	}
	return "", errors.New("run from the repository root or proof/clients (no scenario/kit/kit.go)")
}

const ibmImport = `"github.com/IBM/sarama"`

// build creates the scratch module of target t and builds its scenario program.
func build(here, work string, t target) (string, error) {
	dir := filepath.Join(work, t.dir())
	for _, sub := range []string{"kit", t.Client} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return "", err
		}
		srcs, err := filepath.Glob(filepath.Join(here, "scenario", sub, "*.go"))
		if err != nil {
			return "", err
		}
		for _, s := range srcs {
			b, err := os.ReadFile(s)
			if err != nil {
				return "", err
			}
			if t.Module == "github.com/Shopify/sarama" {
				b = bytes.ReplaceAll(b, []byte(ibmImport), []byte(`"github.com/Shopify/sarama"`))
			}
			if err := os.WriteFile(filepath.Join(dir, sub, filepath.Base(s)), b, 0o644); err != nil {
				return "", err
			}
		}
	}
	mods := filepath.Join(here, "modules", t.dir())
	if _, err := os.Stat(filepath.Join(mods, "go.mod")); err != nil {
		if !*flagTidy {
			return "", fmt.Errorf("no %s/go.mod: run with -tidy once to create it", mods)
		}
		gomod := fmt.Sprintf("module example.com/clientproof\n\ngo 1.22\n\nrequire %s %s\n", t.Module, t.Version)
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
	cmd := exec.Command("go", "build", "-tags", t.Tags, "-o", bin, "./"+t.Client)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-mod=readonly")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

// Outcome is the scenario program's record (scenario/kit).
type Outcome struct {
	Scenario string            `json:"scenario"`
	Handler  string            `json:"handler"`
	Library  string            `json:"library"`
	Verdict  string            `json:"verdict"`
	Detail   map[string]string `json:"detail,omitempty"`
	Errors   []string          `json:"errors,omitempty"`
	Seconds  float64           `json:"seconds"`
}

type runResult struct {
	Target  target
	Config  config
	Outcome Outcome
}

func runOne(work, bin string, t target, c config, run int) runResult {
	res := runResult{Target: t, Config: c}
	logPath := filepath.Join(work, "logs", fmt.Sprintf("%s_%s_%s_%d.log", t.dir(), c.Scenario, c.Handler, run))
	os.MkdirAll(filepath.Dir(logPath), 0o755)
	fc, err := startCluster(c.Partitions, c.Records)
	if err != nil {
		res.Outcome.Verdict = fmt.Sprintf("FAILED cluster: %v", err)
		return res
	}
	defer fc.close()
	out, err := execScenario(bin, c, fc, logPath)
	switch {
	case out != nil:
		res.Outcome = *out
	default:
		res.Outcome.Verdict = fmt.Sprintf("FAILED %v", err)
	}
	return res
}

func execScenario(bin string, c config, fc *fakeCluster, logPath string) (*Outcome, error) {
	wd := c.Watchdog
	if wd == 0 {
		wd = 60
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(wd+10)*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-scenario", c.Scenario, "-handler", c.Handler,
		"-broker", fc.broker(), "-control", fc.control(), "-watchdog", fmt.Sprintf("%ds", wd))
	lf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer lf.Close()
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, lf
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // no orphans when the runner dies
	err = cmd.Run()
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "OUTCOME "); ok {
			var o Outcome
			if jerr := json.Unmarshal([]byte(rest), &o); jerr == nil {
				return &o, nil
			}
		}
	}
	if err == nil {
		err = errors.New("no OUTCOME line")
	}
	return nil, err
}
