// Package pollrebalance defines an Analyzer that reports confluent-kafka-go
// AssignedPartitions and RevokedPartitions cases on events from Poll or the Events()
// channel that the library never delivers there, and consumers whose rebalance
// events the library delivers and nothing handles.
//
// # Analyzer pollrebalance
//
// pollrebalance: report dead rebalance cases and unhandled rebalance events
//
// Reports AssignedPartitions and RevokedPartitions cases on events from Poll or the
// Events() channel that the library never delivers there, given its version and the
// consumer's configuration: the code in them never runs. Also reports the mirror
// image: a consumer that gets its rebalance events and never assigns the
// partitions they give it (category unhandledrebalance, below).
//
// Since confluent-kafka-go v1.6.1, Poll (and ReadMessage, which wraps it) never
// returns AssignedPartitions or RevokedPartitions: the client hands rebalance events
// to the rebalance callback passed to Subscribe/SubscribeTopics, or assigns and
// revokes partitions itself. A case for them in a Poll loop is dead code, and what
// it was meant to do before the partitions are given up (drain in-flight work,
// commit) never happens:
//
//	c.SubscribeTopics(topics, nil)
//	for {
//		switch e := c.Poll(100).(type) {
//		case *kafka.Message:
//			process(e)
//		case kafka.RevokedPartitions: // RevokedPartitions case on c.Poll events never matches on v2.11.1, move the handling into a rebalance callback passed to Subscribe/SubscribeTopics (Poll returns no rebalance events since v1.6.1)
//			drain()
//			c.Commit()
//		}
//	}
//
// Do the work in a rebalance callback instead; it runs inside Poll (and Close):
//
//	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
//		if _, ok := ev.(kafka.RevokedPartitions); ok {
//			drain()
//			c.Commit()
//		}
//		return nil
//	})
//
// Where the events are delivered (docs/library-facts.md, F6; confluent-kafka-go
// #1457, #1462):
//
//   - Poll: since v1.6.1 never. Before v1.6.1 only when
//     go.application.rebalance.enable=true and no callback was passed to
//     Subscribe/SubscribeTopics; with a callback, the callback receives them.
//   - Events() (deprecated since v2.0.2): only when go.events.channel.enable=true.
//     Since v1.6.1 only with go.application.rebalance.enable=true and no callback
//     (with a callback, the callback receives them). Before v1.6.1 with
//     go.application.rebalance.enable=true or a callback (which is then not
//     called).
//
// # What is recognised
//
// The v1 (github.com/confluentinc/confluent-kafka-go/kafka), v2 and
// gopkg.in/confluentinc/confluent-kafka-go.v1 import paths, also vendored.
// Type-switch cases and type assertions on kafka.AssignedPartitions and
// kafka.RevokedPartitions. The verdict is internal/liveness's, which every
// analyzer of the suite shares (the others skip the handlers reported here).
// The tested value is traced on the package's SSA form (internal/valueflow):
// through variables (also "var ev kafka.Event = c.Poll(100)"), phis, interface
// conversions, returns of the package's functions, parameters of unexported
// functions to their callers, fields and closures, to
//
//   - calls of Poll, on a *kafka.Consumer or through an interface of the
//     program's own or an adapter that holds one;
//   - receives from a channel whose source is an Events() call: "for ev := range
//     c.Events()", "ev := <-c.Events()", select cases, the channel in a variable
//     or field;
//   - the event parameter of a rebalance callback passed to a Subscribe or
//     SubscribeTopics call of the package (also a method value, also through an
//     interface): the case may run.
//
// The version is the module version of the linked confluent-kafka-go, or the lower
// bound its API shows where no module information exists (the v2 path, StoreMessage
// and IncrementalAssign all prove v1.6.1 or later). On a Poll loop that is enough.
// Otherwise the consumers traced behind the receiver (through interfaces,
// adapters, function values that construct them, fields) must each prove the case
// dead: go.application.rebalance.enable false (explicitly, or absent from a map
// the analysis sees whole, and set by no option or branch), go.events.channel.enable
// false, or a rebalance callback passed by every traced Subscribe call of the
// consumer.
//
// A case is reported when one traced source proves it dead and no traced source
// may deliver the event. As everywhere in the suite, what the trace cannot follow
// (a parameter of an exported function, a channel or event of unknown origin, a
// receiver from outside) neither makes nor excuses a report, and the package's
// other consumers are no stand-in for an untraced one.
//
// # Not reported
//
//   - cases on events whose every source is untraced: a parameter of an exported
//     function, a package variable, a channel of the program's own, a call into
//     another package;
//   - cases that may also see events the library can deliver: from a rebalance
//     callback, from an Events() channel that carries them, or from a Poll or
//     Events() method of the program's own (a fake, a replay source, an adapter
//     that overrides it) behind the same interface;
//   - an unknown version where the case could run: a Poll loop on a consumer with
//     go.application.rebalance.enable=true (or a value from outside, or an option
//     that may set it) and no callback; an Events() loop with a callback, or with
//     the flag set;
//   - rebalance callbacks themselves: they receive every rebalance event.
//
// # Rebalance events nobody handles
//
// With go.application.rebalance.enable=true and no rebalance callback, the
// library leaves the assignment to the application: it hands AssignedPartitions
// to it and waits for Assign or IncrementalAssign. Its own comment says failing to
// do so "will hang the consumer". The proof (docs/library-facts.md, F15; scenario
// unhandledrebalance, v1.4.0 to v2.15.0) shows what happens:
//
//   - on the Events() channel (go.events.channel.enable=true), on every version, a
//     consumer that never reads Events(), or reads it only for messages, reads
//     nothing; before v1.6.1 Close also hangs;
//   - on Poll, the same before v1.6.1; from v1.6.1 Poll returns no rebalance event
//     and the client assigns by itself: not a mistake there.
//
// A consumer is reported at its Subscribe/SubscribeTopics call when everything
// is traced:
//
//	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g",
//		"go.events.channel.enable": true, "go.application.rebalance.enable": true})
//	c.SubscribeTopics(topics, nil) // consumer c never assigns the partitions it is given: SubscribeTopics passes no rebalance callback and nothing handles AssignedPartitions from c.Events() (go.application.rebalance.enable is true: the client leaves the assignment to the application and the consumer reads nothing)
//	for ev := range c.Events() {
//		if m, ok := ev.(*kafka.Message); ok {
//			process(m)
//		}
//	}
//
// It is a kafka.NewConsumer call of the package whose configuration proves
// go.application.rebalance.enable=true (a true entry, on every path) and
// go.events.channel.enable (true: the Events() path; false or absent: the Poll
// path, only on a version known to be before v1.6.1; an unknown version proves
// nothing there, as for the cases above); every Subscribe/SubscribeTopics call
// traced to it passes nil as the callback, and there is at least one; nothing
// in the package calls Assign or IncrementalAssign on it (a case for
// AssignedPartitions that assigns is such a call); on the Poll path it is
// polled (Poll or ReadMessage) and its Events() is not read; and it does not
// leave the package (internal/escape, as for neverstored). A call of Assign,
// IncrementalAssign, or of a Subscribe that may pass a callback, on a receiver
// the trace does not follow (a parameter of an exported function, an interface
// of unknown implementations), or Assign taken as a value, silences the rule for
// the whole package: it may be this consumer's.
//
// # Category pollevent
//
// A case on events from Poll.
//
// # Category channelevent
//
// A case on events from the Events() channel.
//
// # Category unhandledrebalance
//
// A consumer whose rebalance events nothing handles: it reads nothing.
//
// # Fix and suppression
//
// No fix is offered for a case that never matches: moving the handling into a
// callback changes where and when the code runs, which needs a person. For a
// consumer whose rebalance events nothing handles, the fix removes the
// "go.application.rebalance.enable": true element of the ConfigMap literal: the
// client then assigns the partitions itself. Suppress one report with a
// "//kafkalint:ignore pollrebalance reason" comment on the line, or
// "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -pollrebalance=false.
package pollrebalance
