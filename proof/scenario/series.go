package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

var flagSeries = flag.Bool("series", false, "revokecommit: also print the run's time series (committed offsets, assign/revoke/commit/store events) as one JSON line prefixed with \"SERIES \"")

// A Point is one change of a partition's committed offset as the observer saw
// it, at Ms milliseconds after the program started.
type Point struct {
	Ms     int64 `json:"ms"`
	Offset int64 `json:"offset"`
}

// An Event is one thing a consumer did or was told, at Ms milliseconds after
// the program started: Kind is assign or revoke (Partitions: the rebalance
// event's partitions), close (B's Close starts: B leaves the group), commit (a successful commit of Offset for Partition,
// How says which: an explicit Commit or an auto commit's OffsetsCommitted
// event) or store (a late StoreOffsets by a worker, Result its error or ok).
type Event struct {
	Ms         int64   `json:"ms"`
	Who        string  `json:"who"`
	Kind       string  `json:"kind"`
	Partitions []int32 `json:"partitions,omitempty"`
	Partition  int32   `json:"partition"`
	Offset     int64   `json:"offset"`
	How        string  `json:"how,omitempty"`
	Result     string  `json:"result,omitempty"`
}

// Series is what -series prints: the observer's committed offsets per
// partition and the events of consumers A and B, in time order; Pstar is the
// partition that moved to B and back (-1 if the run did not get that far) and
// EndMs the time the series was printed.
type Series struct {
	Pstar     int32             `json:"pstar"`
	Committed map[int32][]Point `json:"committed"`
	Events    []Event           `json:"events"`
	EndMs     int64             `json:"end_ms"`

	mu    sync.Mutex
	start time.Time
}

// series is nil without -series; its methods do nothing then.
var series *Series

func startSeries(start time.Time) {
	if *flagSeries {
		series = &Series{Pstar: -1, Committed: map[int32][]Point{}, start: start}
	}
}

func (s *Series) ms() int64 { return time.Since(s.start).Milliseconds() }

func (s *Series) committed(p int32, off int64) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Committed[p] = append(s.Committed[p], Point{s.ms(), off})
}

func (s *Series) event(e Event) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e.Ms = s.ms()
	s.Events = append(s.Events, e)
}

func (s *Series) print(pstar int32) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Pstar = pstar
	s.EndMs = s.ms()
	b, _ := json.Marshal(s)
	fmt.Printf("SERIES %s\n", b)
}

func partitions(tps []kafka.TopicPartition) []int32 {
	ps := make([]int32, len(tps))
	for i, p := range tps {
		ps[i] = p.Partition
	}
	return ps
}
