package configkey

import (
	"sort"
	"strings"

	"github.com/kafkalint/kafkalint/internal/kafkaprops"
)

// property is one row of librdkafka's table (internal/kafkaprops).
type property = kafkaprops.Property

// A goProp is a property the Go client extracts itself before handing the rest
// of the map to librdkafka (the NewConsumer and NewProducer docs, v1.9.2 and
// v2.11.1). NewAdminClient extracts none: there every go.* key reaches librdkafka.
type goProp struct {
	typ      string // the exact Go type ConfigMap.extract demands: "bool", "int", "string"; "" unchecked
	consumer bool
	producer bool
}

var goProperties = map[string]goProp{
	"go.application.rebalance.enable": {typ: "bool", consumer: true},
	"go.events.channel.enable":        {typ: "bool", consumer: true},
	"go.events.channel.size":          {typ: "int", consumer: true, producer: true},
	"go.logs.channel.enable":          {typ: "bool", consumer: true, producer: true},
	"go.logs.channel":                 {consumer: true, producer: true}, // chan kafka.LogEvent
	"go.batch.producer":               {typ: "bool", producer: true},
	"go.delivery.reports":             {typ: "bool", producer: true},
	"go.delivery.report.fields":       {typ: "string", producer: true},
	"go.produce.channel.size":         {typ: "int", producer: true},
}

// accepts reports whether the client constructor fn extracts the go.* key.
func (g goProp) accepts(fn string) bool {
	switch fn {
	case "NewConsumer":
		return g.consumer
	case "NewProducer":
		return g.producer
	}
	return false
}

// lookup returns the librdkafka property key, as the top-level map (topic=false:
// the global table, then the topic table, which librdkafka falls back to) or
// default.topic.config (topic=true: the topic table only) sees it.
func lookup(key string, topic bool) (property, bool) {
	if !topic {
		if p, ok := kafkaprops.Global[key]; ok {
			return p, true
		}
	}
	if p, ok := kafkaprops.Topic[key]; ok {
		return p, true
	}
	// rd_kafka_topic_conf_set strips a "topic." prefix: "topic.auto.offset.reset"
	p, ok := kafkaprops.Topic[strings.TrimPrefix(key, "topic.")]
	return p, ok && strings.HasPrefix(key, "topic.")
}

// closest returns the known key nearest to key, or "" when none is near: same
// after lower-casing and replacing '_' and '-' by '.', or within an edit distance
// of 1 (short keys) or 2. Of the keys at the smallest distance the first in
// candidates wins; candidates holds no deprecated property and is sorted, so
// that is the alphabetically first.
func closest(key string, candidates []string) string {
	norm := func(s string) string {
		return strings.NewReplacer("_", ".", "-", ".").Replace(strings.ToLower(s))
	}
	limit := 2
	if len(key) <= 8 {
		limit = 1
	}
	best, bestD := "", limit+1
	nk := norm(key)
	for _, c := range candidates {
		d := 0
		if norm(c) != nk {
			d = distance(strings.ToLower(key), c)
			if d == 0 {
				d = 1 // differs only in case or separators: a near miss, not exact
			}
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// candidates returns the names a key may be a misspelling of, sorted so that
// closest is deterministic: non-deprecated librdkafka properties (not the
// dedicated-API ones, which a ConfigMap cannot set), then go.* keys when goKeys.
func candidates(topic, goKeys bool) []string {
	var names []string
	add := func(m map[string]property) {
		for n, p := range m {
			if !p.Deprecated && p.Type != kafkaprops.API {
				names = append(names, n)
			}
		}
	}
	if !topic {
		add(kafkaprops.Global)
	}
	add(kafkaprops.Topic)
	if goKeys {
		for n := range goProperties {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// distance is the Levenshtein distance of a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
