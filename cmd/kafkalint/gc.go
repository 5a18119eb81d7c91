package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The garbage collector's settings of the standalone command, unless the user
// chose them (GOGC or GOMEMLIMIT set).
//
// The command analyses each package as soon as it is type-checked and then drops
// its syntax, type information and SSA form (analyze.go), so its live heap goes
// up and down with the packages in progress, over the types and facts of those
// done: up to about 20 MB on confluent-kafka-go v1.8.2, 40 MB on goka v1.1.0
// (bench/RESULTS.md). The default pacing (GOGC=100: collect when the heap is
// twice what the last collection left, from 4 MB up) collects often while the
// heap is small and, after a collection between two packages, sets its goal from
// a small live heap, which the next large package overruns. So the command
// collects when the Go runtime's memory reaches a limit (debug.SetMemoryLimit,
// GOGC off): twice the largest live heap a collection has left so far, and never
// less than minMemoryLimit, below which a run does not collect at all. The limit
// counts all of the runtime's memory, not only the heap, so near it the collector
// runs more often than the default pacing would on the same live heap: that is
// what keeps the peak at a general driver's on confluent-kafka-go v1.8.2, and it
// costs goka about a quarter more CPU time than not collecting (bench/RESULTS.md).
// The go list child keeps the default settings: on a module with a large
// dependency graph (dd-trace-go's contribs) it is the process that peaks, at 47
// MiB with GOGC=100 and 78 MiB with GOGC=400, which saved it a tenth of its CPU.
const minMemoryLimit = 40 << 20 // bytes

// tuneGC sets the command's settings, unless GOGC or GOMEMLIMIT is set.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(minMemoryLimit)
	watchHeap()
}

// watchHeap raises the memory limit after each collection that leaves a larger
// live heap than any before (heapWatch.observe). A finalizer runs once per
// collection (it re-arms itself on a new object).
func watchHeap() {
	type sentinel struct{ _ *int } // with a pointer: not a tiny allocation, which finalizers may miss
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	w := new(heapWatch)
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 {
				w.observe(live[0].Value.Uint64())
			}
			arm()
		})
	}
	arm()
}

// A heapWatch keeps the memory limit at twice the largest live heap observed.
type heapWatch struct {
	mu      sync.Mutex
	maxLive uint64
}

// observe records the live heap a collection left and raises the limit if that
// is the largest so far.
func (w *heapWatch) observe(live uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if live <= w.maxLive {
		return
	}
	w.maxLive = live
	debug.SetMemoryLimit(memoryLimitFor(live))
}

// memoryLimitFor is the memory limit for a largest live heap of maxLive bytes.
func memoryLimitFor(maxLive uint64) int64 {
	return max(minMemoryLimit, 2*int64(min(maxLive, 1<<61)))
}
