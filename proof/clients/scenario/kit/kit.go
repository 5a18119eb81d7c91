// Package kit is what every client's scenario program shares: the outcome
// record the runner reads, the flags, the watchdog, and the runner's control
// endpoint on 127.0.0.1 (the fake cluster's groups and committed offsets, and
// producing records), so that no scenario depends on a client to observe the
// cluster.
package kit

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
)

// Topic and GroupID every scenario uses.
const (
	Topic   = "t"
	GroupID = "g"
)

// Outcome is one run's record, printed as one JSON line prefixed "OUTCOME ".
// Verdict is what the runner aggregates and checks; Detail and Errors are the
// evidence beside it.
type Outcome struct {
	Scenario string            `json:"scenario"`
	Variant  string            `json:"variant"`
	Handler  string            `json:"handler"`
	Library  string            `json:"library"`
	Verdict  string            `json:"verdict"`
	Detail   map[string]string `json:"detail,omitempty"`
	Errors   []string          `json:"errors,omitempty"`
	Seconds  float64           `json:"seconds"`

	mu    sync.Mutex
	start time.Time
}

// Set records one piece of evidence.
func (o *Outcome) Set(k, v string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.Detail == nil {
		o.Detail = map[string]string{}
	}
	o.Detail[k] = v
}

// Errorf records an error the scenario saw.
func (o *Outcome) Errorf(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.Errors = append(o.Errors, fmt.Sprintf(format, args...))
}

// Logf writes to the run's log (stderr).
func (o *Outcome) Logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%7.3fs %s\n", time.Since(o.start).Seconds(), fmt.Sprintf(format, args...))
}

var printOnce sync.Once

func (o *Outcome) print() {
	printOnce.Do(func() {
		o.mu.Lock()
		o.Seconds = float64(time.Since(o.start).Milliseconds()) / 1000
		b, _ := json.Marshal(o)
		o.mu.Unlock()
		fmt.Printf("OUTCOME %s\n", b)
	})
}

var (
	flagScenario = flag.String("scenario", "", "scenario name")
	flagVariant  = flag.String("variant", "", "scenario variant")
	flagHandler  = flag.String("handler", "", "handler: the mistake or its fix")
	flagBroker   = flag.String("broker", "", "the fake cluster's broker address (127.0.0.1:port)")
	flagControl  = flag.String("control", "", "the runner's control endpoint (127.0.0.1:port)")
	flagWatchdog = flag.Duration("watchdog", 60*time.Second, "give up after this long")
)

// Broker is the fake cluster's bootstrap address.
func Broker() string { return *flagBroker }

// Variant and Handler are the flags of this run.
func Variant() string { return *flagVariant }
func Handler() string { return *flagHandler }

// Main runs the scenario the flags name, prints its outcome and exits; library
// is the client and version the program was built with.
func Main(library string, scenarios map[string]func(*Outcome) string) {
	flag.Parse()
	o := &Outcome{Scenario: *flagScenario, Variant: *flagVariant, Handler: *flagHandler, Library: library, start: time.Now()}
	run := scenarios[*flagScenario]
	if run == nil {
		fmt.Fprintf(os.Stderr, "unknown scenario %q\n", *flagScenario)
		os.Exit(2)
	}
	go func() {
		time.Sleep(*flagWatchdog)
		o.mu.Lock()
		stage := o.Detail["stage"]
		o.mu.Unlock()
		o.Verdict = "TIMEOUT at " + stage
		o.print()
		os.Exit(3)
	}()
	o.Verdict = run(o)
	o.print()
	// Goroutines a scenario leaves deadlocked on purpose end here.
	os.Exit(0)
}

// Within runs f and reports whether it returned within d; a call that does not
// return is left running (the program exits when the scenario is done).
func Within(d time.Duration, f func()) bool {
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

// GroupInfo is the fake cluster's view of a group (kfake.GroupInfo).
type GroupInfo struct {
	State   string
	Epoch   int32
	Members []struct {
		MemberID   string
		ClientID   string
		Assignment map[string][]int32
	}
	Commits map[string]map[int32]struct{ Offset int64 }
}

func get(path string, q url.Values) ([]byte, error) {
	resp, err := http.Get("http://" + *flagControl + path + "?" + q.Encode())
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s: %s", path, resp.Status, b)
	}
	return b, err
}

// Group returns the cluster's view of group g (nil if it has none).
func Group(g string) *GroupInfo {
	b, err := get("/group", url.Values{"name": {g}})
	if err != nil {
		panic(err)
	}
	var gi *GroupInfo
	if err := json.Unmarshal(b, &gi); err != nil {
		panic(err)
	}
	return gi
}

// Committed returns the offsets group g has committed for Topic, by partition.
func Committed(g string) map[int32]int64 {
	out := map[int32]int64{}
	if gi := Group(g); gi != nil {
		for p, c := range gi.Commits[Topic] {
			out[p] = c.Offset
		}
	}
	return out
}

// CommittedString renders Committed: "none", "5" for one partition, else
// "p0=5 p1=3".
func CommittedString(g string, partitions int) string {
	c := Committed(g)
	if len(c) == 0 {
		return "none"
	}
	if partitions == 1 {
		if off, ok := c[0]; ok && len(c) == 1 {
			return fmt.Sprint(off)
		}
	}
	var ps []int
	for p := range c {
		ps = append(ps, int(p))
	}
	sort.Ints(ps)
	var parts []string
	for _, p := range ps {
		parts = append(parts, fmt.Sprintf("p%d=%d", p, c[int32(p)]))
	}
	return strings.Join(parts, " ")
}

// Produce appends n records to partition p of Topic (values "p<p>-<i>").
func Produce(p int32, n int) {
	if _, err := get("/produce", url.Values{"partition": {fmt.Sprint(p)}, "n": {fmt.Sprint(n)}}); err != nil {
		panic(err)
	}
}

// Members returns the client IDs of g's members with their partitions of Topic,
// sorted: "a:[0 1] b:[]".
func Members(g string) string {
	gi := Group(g)
	if gi == nil || len(gi.Members) == 0 {
		return "none"
	}
	var ms []string
	for _, m := range gi.Members {
		ps := append([]int32(nil), m.Assignment[Topic]...)
		sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
		ms = append(ms, fmt.Sprintf("%s:%v", m.ClientID, ps))
	}
	sort.Strings(ms)
	return strings.Join(ms, " ")
}

// WaitMembers polls g until members(g) satisfies ok and the group is Stable, or d
// passes; it returns the last Members string and whether ok held.
func WaitMembers(g string, d time.Duration, ok func(*GroupInfo) bool) (string, bool) {
	deadline := time.Now().Add(d)
	for {
		gi := Group(g)
		if gi != nil && gi.State == "Stable" && ok(gi) {
			return Members(g), true
		}
		if time.Now().After(deadline) {
			return Members(g), false
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// HasClient reports whether a member with this client ID is in gi.
func (gi *GroupInfo) HasClient(id string) bool {
	for _, m := range gi.Members {
		if m.ClientID == id {
			return true
		}
	}
	return false
}

// DeleteRecords moves the log start of partition p of Topic to offset (records
// before it are gone; a fetch below it gets OFFSET_OUT_OF_RANGE).
func DeleteRecords(p int32, offset int64) {
	if _, err := get("/deleterecords", url.Values{"partition": {fmt.Sprint(p)}, "offset": {fmt.Sprint(offset)}}); err != nil {
		panic(err)
	}
}

// FenceHeartbeat makes the cluster answer the next Heartbeat with
// UNKNOWN_MEMBER_ID, as a broker does for a member it has dropped: the
// member's session is lost.
func FenceHeartbeat() {
	if _, err := get("/fenceheartbeat", nil); err != nil {
		panic(err)
	}
}

// ModuleVersion returns "path version" of the first module in the build whose
// path is one of paths (the client the program was built with).
func ModuleVersion(paths ...string) string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range bi.Deps {
		for _, p := range paths {
			if d.Path == p {
				return d.Path + " " + d.Version
			}
		}
	}
	return "unknown"
}
