package main

// The order in which the loader type-checks and analyses packages (load.go,
// check). After go list, a run is a few hundred milliseconds on two cores,
// dominated by one or two large packages and the chains of packages that wait
// for them: a client's own package and its test variant in the client's module
// (confluent-kafka-go's kafka, 556 KB of source with its tests; sarama), goka's
// main package and its test variant. Handed out first come, first served, the
// slots went to the small packages that became ready with a large one, and
// those, once type-checked, kept their place while they waited for the large
// one's analysis: the large one ran last, alone on one core. So each package
// has a priority, the bytes of source on the longest chain of packages that
// wait for it (itself included), and a freed slot goes to the waiting package
// with the highest.

import (
	"container/heap"
	"os"
	"sync"

	"golang.org/x/tools/go/packages"
)

// A slots is a counting semaphore that gives a freed slot to the waiter with
// the highest priority (among equals, the first to wait).
type slots struct {
	mu      sync.Mutex
	free    int
	seq     int
	waiting waiters
}

func newSlots(n int) *slots { return &slots{free: n} }

// acquire takes a slot, waiting for one if none is free.
func (s *slots) acquire(prio int64) {
	s.mu.Lock()
	if s.free > 0 {
		s.free--
		s.mu.Unlock()
		return
	}
	s.seq++
	w := &waiter{prio: prio, seq: s.seq, ready: make(chan struct{})}
	heap.Push(&s.waiting, w)
	s.mu.Unlock()
	<-w.ready
}

// release hands the slot to the waiter with the highest priority, or frees it.
func (s *slots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiting) > 0 {
		close(heap.Pop(&s.waiting).(*waiter).ready)
		return
	}
	s.free++
}

type waiter struct {
	prio  int64
	seq   int
	ready chan struct{}
}

// waiters is a heap of waiters, the highest priority first.
type waiters []*waiter

func (h waiters) Len() int { return len(h) }
func (h waiters) Less(i, j int) bool {
	if h[i].prio != h[j].prio {
		return h[i].prio > h[j].prio
	}
	return h[i].seq < h[j].seq
}
func (h waiters) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *waiters) Push(x any)   { *h = append(*h, x.(*waiter)) }
func (h *waiters) Pop() any {
	old := *h
	w := old[len(old)-1]
	*h = old[:len(old)-1]
	return w
}

// criticalPaths returns, for each package of all that is type-checked from
// source (src), the bytes of source on the longest chain that starts with it
// and goes on through the packages that wait for it: those that import it, and
// the test variant whose analysis waits for its (after maps a variant to its
// package). A file that cannot be read counts nothing.
func criticalPaths(all []*packages.Package, src map[*packages.Package]bool, after map[*packages.Package]*packages.Package) map[*packages.Package]int64 {
	waiting := make(map[*packages.Package][]*packages.Package)
	for _, p := range all {
		if !src[p] {
			continue
		}
		for _, imp := range p.Imports {
			if src[imp] {
				waiting[imp] = append(waiting[imp], p)
			}
		}
		if q := after[p]; q != nil {
			waiting[q] = append(waiting[q], p)
		}
	}
	paths := make(map[*packages.Package]int64)
	var path func(p *packages.Package) int64
	path = func(p *packages.Package) int64 {
		if n, ok := paths[p]; ok {
			return n
		}
		paths[p] = 0 // a guard: there is no cycle (golist.go breaks import cycles)
		var size, longest int64
		for _, name := range p.CompiledGoFiles {
			if fi, err := os.Stat(name); err == nil {
				size += fi.Size()
			}
		}
		for _, q := range waiting[p] {
			longest = max(longest, path(q))
		}
		paths[p] = size + longest
		return paths[p]
	}
	for _, p := range all {
		if src[p] {
			path(p)
		}
	}
	return paths
}
