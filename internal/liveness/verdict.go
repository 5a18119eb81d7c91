package liveness

import "github.com/kafkalint/kafkalint/internal/kafkaapi"

// tri is what is known of a yes/no property of a consumer.
type tri int8

const (
	unknown tri = iota
	no
	yes
)

// A Reason says why rebalance events never reach a handler; None when they may.
type Reason int

// The reasons.
const (
	None           Reason = iota
	PollSince161          // Poll returns no rebalance events since v1.6.1
	PollCallback          // a rebalance callback receives them (every version)
	FlagOff               // go.application.rebalance.enable is false: the client assigns itself
	ChannelOff            // go.events.channel.enable is false: nothing is sent on Events()
	EventsCallback        // since v1.6.1 the callback receives them, not the channel
)

// pollVerdict says whether a Poll loop can receive rebalance events
// (docs/library-facts.md, F6): never since v1.6.1; before, only with
// go.application.rebalance.enable=true and no rebalance callback.
func pollVerdict(v kafkaapi.Version, flag, callback tri) Reason {
	switch {
	case v.AtLeastV(kafkaapi.V1_6_1):
		return PollSince161
	case callback == yes:
		return PollCallback
	case flag == no:
		return FlagOff
	}
	return None
}

// eventsVerdict says whether the Events() channel can carry rebalance events
// (docs/library-facts.md, F6): only with go.events.channel.enable=true; since v1.6.1 only
// with go.application.rebalance.enable=true and no callback; before, with the flag
// or a callback (the callback is then not called). An unknown version must be dead
// on both sides to count.
func eventsVerdict(v kafkaapi.Version, channel, flag, callback tri) Reason {
	switch {
	case channel == no:
		return ChannelOff
	case v.AtLeastV(kafkaapi.V1_6_1) && callback == yes:
		return EventsCallback
	case v.AtLeastV(kafkaapi.V1_6_1) && flag == no:
		return FlagOff
	case flag == no && callback == no:
		return FlagOff
	}
	return None
}
