package liveness

import (
	"testing"

	"github.com/kafkalint/kafkalint/internal/kafkaapi"
)

// The delivery table of docs/library-facts.md, F6, for exact versions the GOPATH fixtures
// cannot express (module information gives Exact).
func TestVerdicts(t *testing.T) {
	v152 := kafkaapi.Version{Exact: "v1.5.2"}
	v161 := kafkaapi.Version{Exact: "v1.6.1"}
	v2 := kafkaapi.Version{Exact: "v2.11.1"}
	shape := kafkaapi.Version{AtLeast: kafkaapi.V1_6_1}
	unknownV := kafkaapi.Version{}
	polls := []struct {
		v        kafkaapi.Version
		flag, cb tri
		want     Reason
	}{
		{v152, yes, no, None},          // the only pre-v1.6.1 case Poll returns them
		{v152, yes, unknown, None},     // callback not proved
		{v152, yes, yes, PollCallback}, // the callback gets them
		{v152, no, no, FlagOff},        // the client assigns itself
		{v152, unknown, no, None},      // flag not proved
		{v161, yes, no, PollSince161},  // never since v1.6.1
		{v2, unknown, unknown, PollSince161},
		{shape, yes, no, PollSince161},   // IncrementalAssign proves v1.6.1
		{unknownV, yes, no, None},        // could be v1.5.2
		{unknownV, no, unknown, FlagOff}, // dead on every version
		{unknownV, unknown, yes, PollCallback},
	}
	for _, c := range polls {
		if got := pollVerdict(c.v, c.flag, c.cb); got != c.want {
			t.Errorf("pollVerdict(%s, flag %d, cb %d) = %d, want %d", c.v, c.flag, c.cb, got, c.want)
		}
	}
	events := []struct {
		v            kafkaapi.Version
		ch, flag, cb tri
		want         Reason
	}{
		{v152, yes, yes, no, None},            // delivered on the channel
		{v152, yes, no, yes, None},            // before v1.6.1 a callback sends them to the channel
		{v152, yes, no, no, FlagOff},          // auto-assigned
		{v152, no, yes, no, ChannelOff},       // no channel at all
		{v161, yes, yes, no, None},            // delivered on the channel
		{v161, yes, yes, yes, EventsCallback}, // the callback gets them
		{v2, yes, no, unknown, FlagOff},
		{v2, unknown, yes, no, None},
		{unknownV, yes, no, yes, None},   // could be v1.5.2
		{unknownV, yes, yes, yes, None},  // could be v1.5.2
		{unknownV, yes, no, no, FlagOff}, // dead on every version
		{unknownV, unknown, no, unknown, None},
	}
	for _, c := range events {
		if got := eventsVerdict(c.v, c.ch, c.flag, c.cb); got != c.want {
			t.Errorf("eventsVerdict(%s, ch %d, flag %d, cb %d) = %d, want %d", c.v, c.ch, c.flag, c.cb, got, c.want)
		}
	}
}
