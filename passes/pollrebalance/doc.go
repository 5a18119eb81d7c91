// Package pollrebalance defines an Analyzer that reports confluent-kafka-go
// AssignedPartitions and RevokedPartitions cases on events from Poll or the Events()
// channel that the library never delivers there.
//
// # Analyzer pollrebalance
//
// pollrebalance: report rebalance cases that Poll or Events never deliver
//
// Reports AssignedPartitions and RevokedPartitions cases on events from Poll or the
// Events() channel that the library never delivers there, given its version and the
// consumer's configuration: the code in them never runs.
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
// kafka.RevokedPartitions whose operand is a Poll call, a receive from or range
// over an Events() call, or a local variable whose every value is one of those
// (for the same consumer expression).
//
// The version is the module version of the linked confluent-kafka-go, or the lower
// bound its API shows where no module information exists (the v2 path, StoreMessage
// and IncrementalAssign all prove v1.6.1 or later). On a Poll loop that is enough.
// Otherwise the consumer is traced to its NewConsumer calls (or, when it cannot be,
// all consumers the package constructs are used) and every one of them must prove
// the case dead: go.application.rebalance.enable false (explicitly, or absent from
// a map the analysis sees whole), go.events.channel.enable false, or a rebalance
// callback passed by every Subscribe call of the package that may reach it.
//
// # Not reported
//
//   - cases on events whose origin is not seen: a parameter, a helper's result, a
//     package variable, or a variable that holds events of several sources;
//   - an unknown version where the case could run: a Poll loop on a consumer with
//     go.application.rebalance.enable=true (or a value from outside) and no
//     callback; an Events() loop with a callback, or with the flag set;
//   - rebalance callbacks themselves: they receive every rebalance event.
//
// # Category pollevent
//
// A case on events from Poll.
//
// # Category channelevent
//
// A case on events from the Events() channel.
//
// # Fix and suppression
//
// No fix is offered: moving the handling into a callback changes where and when
// the code runs, which needs a person. Suppress one report with a
// "//kafkalint:ignore pollrebalance reason" comment on the line, or
// "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -pollrebalance=false.
package pollrebalance
