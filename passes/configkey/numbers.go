package configkey

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/kafkaconfig"
	"github.com/kafkalint/kafkalint/internal/kafkaprops"
)

// librdkafka's reading of an integer property's string is kafkaprops.ReadInt
// (C's strtol, then a C int): see there.

// An intReading is what librdkafka reads from a string for an integer property,
// when that differs from the written number or is out of range.
type intReading struct {
	read     int64
	why      string // how librdkafka came to read, "" when it reads what was written
	outRange bool
	fixed    string // the decimal value the writer meant, for a fix; "" for none
}

// readInteger works out what librdkafka reads from v for the integer property key
// p, and returns nil when it reads the number that was written and that number is
// in range, or when v does not start with a number.
func readInteger(key string, p property, v string) *intReading {
	read, rest, ok := kafkaprops.ReadInt(v)
	if !ok {
		return nil // empty, or a name ("all"): see checkValue
	}
	r := &intReading{read: read}
	trimmed := strings.TrimSpace(v)
	suffix := strings.TrimSpace(rest)
	body := strings.TrimPrefix(strings.TrimPrefix(trimmed, "-"), "+")
	switch {
	case len(body) > 1 && body[0] == '0' && strings.Trim(body, "0123456789") == "":
		dec, err := strconv.ParseInt(strings.TrimLeft(body, "0"), 10, 64)
		if err == nil && dec != read && !strings.HasPrefix(trimmed, "-") {
			r.why = "librdkafka reads a number with a leading 0 as octal"
			r.fixed = strconv.FormatInt(dec, 10)
		}
	case suffix != "":
		if intended, ok := asMilliseconds(key, trimmed); ok {
			if intended == read {
				break // "30000ms" for a .ms property: read as meant
			}
			r.fixed = strconv.FormatInt(intended, 10)
			r.why = fmt.Sprintf("librdkafka takes the leading integer and ignores %q; the property is in milliseconds", suffix)
			break
		}
		if f, err := strconv.ParseFloat(trimmed, 64); err == nil && f == float64(read) {
			break // "30000.0", "3e0": the same number
		}
		if ownUnit(key, suffix) {
			break // "1048576B" for a .bytes property, "64KB" for a .kbytes one
		}
		r.why = fmt.Sprintf("librdkafka takes the leading integer and ignores %q", suffix)
		if f, err := strconv.ParseFloat(trimmed, 64); err == nil && f == math.Trunc(f) && math.Abs(f) <= math.MaxInt32 && strings.ContainsAny(suffix, "eE") {
			r.fixed = strconv.FormatInt(int64(f), 10) // "3e4": the writer meant 30000
		}
	default:
		if n, _, _ := kafkaprops.Strtol(v); n != read {
			r.why = "librdkafka stores it in a 32-bit int"
		}
	}
	r.outRange = p.HasRange && (float64(read) < p.Min || float64(read) > p.Max)
	if r.why == "" && !r.outRange {
		return nil
	}
	if r.outRange {
		r.fixed = "" // the number meant is out of range too: no fix
	}
	return r
}

// ownUnit reports whether suffix names the unit a .bytes or .kbytes property
// is counted in, so that the number read is the number meant.
func ownUnit(key, suffix string) bool {
	suffix = strings.ToLower(suffix)
	switch {
	case strings.HasSuffix(key, ".kbytes"):
		return suffix == "k" || suffix == "kb" || suffix == "kib" || suffix == "kbytes"
	case strings.HasSuffix(key, ".bytes"):
		return suffix == "b" || suffix == "byte" || suffix == "bytes"
	}
	return false
}

// asMilliseconds returns the number of milliseconds a duration string with a
// time unit ("30s", "1m30s", "250ms") means, for a property whose name ends in
// ".ms"; ok is false for anything else or a fraction of a millisecond.
func asMilliseconds(key, v string) (int64, bool) {
	if !strings.HasSuffix(key, ".ms") {
		return 0, false
	}
	d, err := time.ParseDuration(strings.ReplaceAll(v, " ", ""))
	if err != nil || d%time.Millisecond != 0 || d > math.MaxInt32*time.Millisecond {
		return 0, false
	}
	return int64(d / time.Millisecond), true
}

// checkInteger reports a string for an integer property that librdkafka reads as
// another number than written, or that is out of range once read.
func (ck *checker) checkInteger(e *entry, p property, v string) {
	at := e.w.value
	if at == nil {
		at = e.w.key // Set("key=value")
	}
	if v == "" {
		ck.report(at.Pos(), at.End(), categoryValue,
			fmt.Sprintf("empty value for integer property %q (librdkafka rejects it: %s: Integer configuration property %q cannot be set to empty value)",
				e.s.Key, consequence(e.clients), e.s.Key), nil)
		return
	}
	r := readInteger(e.s.Key, p, v)
	if r == nil {
		return
	}
	if r.outRange {
		what := fmt.Sprintf("value %s for %q is outside its range %s..%s", v, e.s.Key, num(p.Min), num(p.Max))
		if strings.TrimSpace(v) != strconv.FormatInt(r.read, 10) {
			what = fmt.Sprintf("%q for %q is read as %d, outside its range %s..%s", v, e.s.Key, r.read, num(p.Min), num(p.Max))
			if r.why != "" {
				what += " (" + r.why + ")"
			}
		}
		ck.report(at.Pos(), at.End(), categoryValue,
			fmt.Sprintf("%s (librdkafka rejects it: %s: Configuration property %q value %d is outside allowed range %s..%s)",
				what, consequence(e.clients), e.s.Key, r.read, num(p.Min), num(p.Max)), nil)
		return
	}
	var fix *analysis.SuggestedFix
	if l, ok := isLit(e.w.value); ok && r.fixed != "" {
		fix = replaceFix(at, quoteLike(l, r.fixed), "Use "+quoteLike(l, r.fixed))
	}
	why := r.why
	if text := ck.failsCrossCheck(e, r.read); text != "" {
		why += fmt.Sprintf("; %s then fails: %s", consequenceFunc(e.clients), text)
	}
	ck.report(at.Pos(), at.End(), categoryMisread,
		fmt.Sprintf("%q for %q is read as %d (%s)", v, e.s.Key, r.read, why), fix)
}

// crossChecks are the checks between properties that rd_kafka_new makes on a
// consumer once every value is parsed (measured in testdata/probe-values), with
// the lowest default the other property has had in librdkafka (session.timeout.ms
// was 10000 before librdkafka 1.9.0, 45000 since).
var crossChecks = map[string]struct {
	other         string
	lowestDefault int64
	text          string
}{
	"fetch.max.bytes":      {"message.max.bytes", 1000000, "`fetch.max.bytes` must be >= `message.max.bytes`"},
	"max.poll.interval.ms": {"session.timeout.ms", 10000, "`max.poll.interval.ms`must be >= `session.timeout.ms`"},
}

// failsCrossCheck returns the error text with which NewConsumer fails when the
// property of e is read as read, or "" when it does not or that is not known.
func (ck *checker) failsCrossCheck(e *entry, read int64) string {
	cc, ok := crossChecks[e.s.Key]
	if !ok || e.topic || role(e.sure) != "consumer" {
		return ""
	}
	other := cc.lowestDefault
	if s, set := e.cfg.Lookup(cc.other); set {
		n, rest, ok := kafkaprops.ReadInt(s.Value)
		if !s.Known || !ok || strings.TrimSpace(rest) != "" {
			return "" // not a constant, or misread itself
		}
		other = n
	}
	if read >= other {
		return ""
	}
	return cc.text
}

// consequenceFunc names the constructor(s) of clients, as consequence does
// without the verb.
func consequenceFunc(clients []*kafkaconfig.Client) string {
	c := consequence(clients)
	c = strings.TrimSuffix(c, " fails")
	return strings.TrimSuffix(c, " fail")
}

// The assignors librdkafka knows, by name; their names are matched exactly
// (rd_kafka_assignors_init: "Range" fails with "Unsupported
// partition.assignment.strategy: Range", testdata/probe-values).
var assignors = map[string]string{"range": "eager", "roundrobin": "eager", "cooperative-sticky": "cooperative"}

// checkAssignors checks the assignor names of partition.assignment.strategy on
// a consumer: each must be one librdkafka knows, spelled exactly, and they must
// all be eager or all cooperative. Names with blanks after them are left alone
// (the probe saw " cooperative-sticky " fail, and "range, roundrobin" pass, and
// does not show whether the trailing blank is the cause).
func (ck *checker) checkAssignors(e *entry, v string) {
	if role(e.sure) != "consumer" {
		return // not read by producers; the role check reports it
	}
	at := e.w.value
	if at == nil {
		at = e.w.key
	}
	kinds := make(map[string]bool)
	for _, name := range strings.Split(v, ",") {
		name = strings.TrimLeft(name, " \t")
		if name == "" || strings.TrimRight(name, " \t") != name {
			return
		}
		if kind, ok := assignors[name]; ok {
			kinds[kind] = true
			continue
		}
		want := "want range, roundrobin or cooperative-sticky"
		var fix *analysis.SuggestedFix
		if _, ok := assignors[strings.ToLower(name)]; ok {
			want = fmt.Sprintf("names are case-sensitive: want %q", strings.ToLower(name))
			if l, ok := isLit(e.w.value); ok {
				fixed := strings.Replace(v, name, strings.ToLower(name), 1)
				fix = replaceFix(l, quoteLike(l, fixed), "Use "+quoteLike(l, fixed))
			}
		}
		ck.report(at.Pos(), at.End(), categoryValue,
			fmt.Sprintf("unsupported assignor %q in partition.assignment.strategy, %s (librdkafka rejects it: %s: Unsupported partition.assignment.strategy: %s)",
				name, want, consequence(e.clients), name), fix)
		return
	}
	if len(kinds) > 1 {
		ck.report(at.Pos(), at.End(), categoryValue,
			fmt.Sprintf("partition.assignment.strategy %q mixes eager and cooperative assignors (librdkafka rejects it: %s: All partition.assignment.strategy (%s) assignors must have the same protocol type, online migration between assignors with different protocol types is not supported)",
				v, consequence(e.clients), v), nil)
	}
}
