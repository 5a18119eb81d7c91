package kafkaprops

import (
	"math"
	"strings"
)

// How librdkafka reads a property's value: the one reading every rule uses
// (configkey to report a misread, kafkaconfig's Config.Int for the passes that
// ask whether a number is 0).
//
// What librdkafka makes of a string for an integer property, measured with the
// real library (testdata/probe-values, RESULTS.md there; v1.9.2 and v2.11.1 agree):
// rd_kafka_anyconf_set_prop0 parses it with strtol(value, &end, 0), ignores what
// follows the number, stores the long in a C int, and only then checks the range.
// So "30s" is 30, "10MB" 10, "3e4" 3, "30000.9" 30000, "030000" (octal) 12288,
// "4294997296" 30000; "0s" fails the range check; "" fails; a string that does not
// start with a number fails too, unless the property maps names to numbers ("all"
// for acks), which the table does not say: those are not checked.

// Strtol parses the longest prefix of s that C's strtol(s, &end, 0) accepts: blanks,
// a sign, then a hexadecimal (0x), octal (leading 0) or decimal number, saturating
// at the int64 bounds as glibc does. It returns the value, the rest of s, and
// whether there were digits at all.
func Strtol(s string) (n int64, rest string, ok bool) {
	i := 0
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	base := uint64(10)
	switch {
	case i+2 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') && digit(s[i+2], 16) >= 0:
		base = 16
		i += 2
	case i < len(s) && s[i] == '0':
		base = 8
	}
	var u uint64
	overflow := false
	start := i
	for ; i < len(s); i++ {
		d := digit(s[i], base)
		if d < 0 {
			break
		}
		if u > (math.MaxUint64-uint64(d))/base {
			overflow = true
		} else {
			u = u*base + uint64(d)
		}
	}
	if i == start {
		return 0, s, false
	}
	switch {
	case !neg && (overflow || u > math.MaxInt64):
		n = math.MaxInt64
	case neg && (overflow || u > 1<<63):
		n = math.MinInt64
	case neg:
		n = -int64(u)
	default:
		n = int64(u)
	}
	return n, s[i:], true
}

// digit returns the value of c as a digit in base, or -1.
func digit(c byte, base uint64) int {
	var d int
	switch {
	case '0' <= c && c <= '9':
		d = int(c - '0')
	case 'a' <= c && c <= 'f':
		d = int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		d = int(c-'A') + 10
	default:
		return -1
	}
	if uint64(d) >= base {
		return -1
	}
	return d
}

// ReadInt returns the value librdkafka stores for the integer property string
// v: Strtol's result converted to a C int (32 bits, wrapping).
func ReadInt(v string) (read int64, rest string, ok bool) {
	n, rest, ok := Strtol(v)
	return int64(int32(uint32(uint64(n)))), rest, ok // the wrap is the point: C's (int) conversion
}

// Int returns the number librdkafka stores when v is set for p, an integer
// property, and whether it accepts v: v starts with a number (ReadInt) that is
// within p's range. So "0ms", " 0" and "0" are 0, and "abc" and "" are
// rejected (rd_kafka_new fails, and there is no client to ask about). A name
// some properties map to a number (acks' "all") is not read: false.
func (p Property) Int(v string) (int64, bool) {
	if p.Type != Integer {
		return 0, false
	}
	n, _, ok := ReadInt(v)
	if !ok || p.HasRange && (float64(n) < p.Min || float64(n) > p.Max) {
		return 0, false
	}
	return n, true
}
