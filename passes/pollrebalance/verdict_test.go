package pollrebalance

import (
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// The delivery table of docs/library-facts.md, F6, for exact versions the GOPATH
// fixtures cannot express (module information gives Exact).
func TestVerdicts(t *testing.T) {
	v152 := kafkaapi.Version{Exact: "v1.5.2"}
	v161 := kafkaapi.Version{Exact: "v1.6.1"}
	v2 := kafkaapi.Version{Exact: "v2.11.1"}
	shape := kafkaapi.Version{AtLeast: kafkaapi.V1_6_1}
	unknownV := kafkaapi.Version{}
	polls := []struct {
		v        kafkaapi.Version
		flag, cb tri
		want     reason
	}{
		{v152, yes, no, none},          // the only pre-v1.6.1 case Poll returns them
		{v152, yes, unknown, none},     // callback not proved
		{v152, yes, yes, pollCallback}, // the callback gets them
		{v152, no, no, flagOff},        // the client assigns itself
		{v152, unknown, no, none},      // flag not proved
		{v161, yes, no, pollSince161},  // never since v1.6.1
		{v2, unknown, unknown, pollSince161},
		{shape, yes, no, pollSince161},   // IncrementalAssign proves v1.6.1
		{unknownV, yes, no, none},        // could be v1.5.2
		{unknownV, no, unknown, flagOff}, // dead on every version
		{unknownV, unknown, yes, pollCallback},
	}
	for _, c := range polls {
		if got := pollVerdict(c.v, c.flag, c.cb); got != c.want {
			t.Errorf("pollVerdict(%s, flag %d, cb %d) = %d, want %d", c.v, c.flag, c.cb, got, c.want)
		}
	}
	events := []struct {
		v            kafkaapi.Version
		ch, flag, cb tri
		want         reason
	}{
		{v152, yes, yes, no, none},            // delivered on the channel
		{v152, yes, no, yes, none},            // before v1.6.1 a callback sends them to the channel
		{v152, yes, no, no, flagOff},          // auto-assigned
		{v152, no, yes, no, channelOff},       // no channel at all
		{v161, yes, yes, no, none},            // delivered on the channel
		{v161, yes, yes, yes, eventsCallback}, // the callback gets them
		{v2, yes, no, unknown, flagOff},
		{v2, unknown, yes, no, none},
		{unknownV, yes, no, yes, none},   // could be v1.5.2
		{unknownV, yes, yes, yes, none},  // could be v1.5.2
		{unknownV, yes, no, no, flagOff}, // dead on every version
		{unknownV, unknown, no, unknown, none},
	}
	for _, c := range events {
		if got := eventsVerdict(c.v, c.ch, c.flag, c.cb); got != c.want {
			t.Errorf("eventsVerdict(%s, ch %d, flag %d, cb %d) = %d, want %d", c.v, c.ch, c.flag, c.cb, got, c.want)
		}
	}
}
