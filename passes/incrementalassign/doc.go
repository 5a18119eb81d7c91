// Package incrementalassign defines an Analyzer that reports confluent-kafka-go
// assignment calls that do not do what they ask: rebalance handlers whose
// Assign/Unassign calls do not match the consumer's rebalance protocol, and
// manual assignments that a later subscription, or another goroutine's Assign,
// replaces.
//
// # Analyzer incrementalassign
//
// incrementalassign: check assignment calls against the group and its protocol
//
// Reports eager Assign and Unassign calls in rebalance handlers of consumers on a
// cooperative rebalance protocol (cooperative-sticky, group.protocol=consumer), and
// incremental calls under an eager one; an Assign at chosen positions followed
// by Subscribe or SubscribeTopics on the same consumer; and Assign calls of
// goroutines that a loop starts on one consumer they share.
//
// A consumer on a cooperative rebalance protocol (partition.assignment.strategy
// with cooperative-sticky, or group.protocol=consumer) must change its assignment
// with IncrementalAssign and IncrementalUnassign; the eager Assign and Unassign are
// rejected:
//
//	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
//		"group.id":                      "orders",
//		"partition.assignment.strategy": "cooperative-sticky",
//	})
//	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
//		switch e := ev.(type) {
//		case kafka.AssignedPartitions:
//			return c.Assign(e.Partitions) // c.Assign in AssignedPartitions handler of a consumer using cooperative-sticky, use IncrementalAssign (librdkafka rejects eager Assign with ErrState and the consumer is left without partitions)
//		case kafka.RevokedPartitions:
//			return c.Unassign() // c.Unassign in RevokedPartitions handler of a consumer using cooperative-sticky, use IncrementalUnassign (...)
//		}
//		return nil
//	})
//
// The fix, and the one offered:
//
//	case kafka.AssignedPartitions:
//		return c.IncrementalAssign(e.Partitions)
//	case kafka.RevokedPartitions:
//		return c.IncrementalUnassign(e.Partitions)
//
// Why it matters: librdkafka rejects an eager call under a cooperative protocol,
// and an incremental call under an eager one, with ErrState ("Changes to the
// current assignment must be made using incremental_assign() or
// incremental_unassign() when rebalance protocol type is COOPERATIVE"; librdkafka
// #3337). The Go client has already recorded that the application made the call,
// so it does not assign in its place: after a failed assign the consumer has no
// partitions and consumes nothing; after a failed unassign the revoked partitions
// stay assigned here and the member that should receive them gets nothing
// (docs/library-facts.md, F7).
//
// What the runtime proof measured on librdkafka's mock cluster (proof/RESULTS.md):
// from v1.6.1 the eager call under cooperative-sticky, and IncrementalAssign under
// range, fail with ErrState; on v1.6.1 and v1.8.2 the consumer's Close then did not
// return within 15 s. Before v1.6.1 there is no cooperative assignor at all:
// NewConsumer fails with cooperative-sticky, so the handler never runs. The mock
// also left a member without partitions in up to 2 of 3 runs with the correct
// incremental calls, so "the other member gets nothing" is librdkafka's documented
// behaviour rather than something the mock shows apart from its own noise.
//
// # Assign, then Subscribe
//
// A program that wants to start at positions of its own (offsets kept
// elsewhere, a replay) and assigns them before subscribing the same consumer
// to a group gets the group's positions instead (the shape of cloudevents'
// kafka_confluent protocol, OpenInbound):
//
//	if positions := TopicPartitionOffsetsFrom(ctx); positions != nil {
//		if err := p.consumer.Assign(positions); err != nil { // p.consumer.Assign before SubscribeTopics on the same consumer, set the start positions in the rebalance callback's AssignedPartitions case instead (the group's first assignment replaces this one and starts each partition at the group's committed offset ...)
//			return err
//		}
//	}
//	err := p.consumer.SubscribeTopics(p.consumerTopics, p.consumerRebalanceCb)
//
// The group's first assignment replaces the manual one, whether the callback
// assigns e.Partitions or librdkafka assigns itself: the partitions the group
// gives this member start at the group's committed offsets (or
// auto.offset.reset), and the manual positions only count for what the
// consumer happens to read before the group's join completes. The correct way
// is to subscribe with a callback that assigns the positions wanted (or sets
// the offsets of e.Partitions) in its AssignedPartitions case. What the
// runtime proof measured (proof/RESULTS.md, scenario assignsubscribe;
// docs/library-facts.md, F37): with messages 0-5 on the partition, Assign at
// 6 and messages 6-9 produced after the group's first assignment, the
// consumer read 0-9 on every version from v1.4.0 to v2.15.0, with or without
// a callback that assigns e.Partitions; the callback that assigns offset 6
// read 6-9. With the messages already there, v1.4.x revoked the manual
// assignment at the subscription and read 0-9; from v1.6.1 the manual
// assignment read 6-9 before the join and the group's assignment went on from
// 10: only what the manual assignment reads before the join starts where it
// asked.
//
// # Assign from several goroutines
//
// Goroutines started in a loop, one per partition, that each assign their own
// partition on one shared consumer (the shape of matrixone's stream adapter,
// BatchRead):
//
//	for _, p := range topicMetadata.Partitions {
//		wg.Add(1)
//		go func(partition int32) {
//			defer wg.Done()
//			messages, err := ka.ReadMessagesFromPartition(topic, partition, startOffset, batchSize) // ka.ReadMessagesFromPartition, which calls ka.Consumer.Assign, in a goroutine started for each iteration of a loop, on one consumer they share, ...
//			...
//		}(p.ID)
//	}
//
// Assign sets the whole assignment: each call replaces what the others
// assigned, so the last one wins and the other goroutines read its partition
// or nothing. What the runtime proof measured (proof/RESULTS.md, scenario
// assignshared; docs/library-facts.md, F38): two goroutines, each calling
// Assign for one of two partitions of 10 messages on one consumer, ended with
// one partition assigned and 10 messages read from it, none from the other;
// IncrementalAssign per goroutine (v1.6.1 and later), one Assign of both
// partitions, and a consumer per goroutine read all 20.
//
// # What is recognised
//
// The v1 (github.com/confluentinc/confluent-kafka-go/kafka), v2 and
// gopkg.in/confluentinc/confluent-kafka-go.v1 import paths, also vendored.
// Handlers are type-switch cases on kafka.AssignedPartitions or
// kafka.RevokedPartitions and "if e, ok := ev.(kafka.RevokedPartitions); ok"
// blocks, wherever the event comes from (a rebalance callback, Poll, Events()).
// Calls of Assign, Unassign, IncrementalAssign and IncrementalUnassign directly in
// the handler, on a *kafka.Consumer or through an interface of the program's own
// or an adapter that holds one, are checked against the consumers they are called
// on, traced on the package's SSA form (internal/valueflow) to their NewConsumer
// calls: through interfaces, function values that construct the consumer, fields
// and closures. The call is reported when one traced consumer is proved on the
// other protocol; a receiver the trace cannot follow (a parameter of an exported
// function, an exported field) neither makes nor excuses a report, and the
// package's other consumers are no stand-in for it.
//
// For assignsubscribe: an Assign or IncrementalAssign call outside rebalance
// handlers and a Subscribe or SubscribeTopics call in the same function whose
// receivers read the same variable or field path ("c", "p.consumer"), where the
// package's SSA form has a path from the assignment to the subscription on
// which no Unassign, Unsubscribe or Close of a consumer runs. The callback
// passed to the subscription, the functions of the package it calls, and the
// function itself (a Poll loop's case) are searched for AssignedPartitions
// handlers that set positions: an Assign or IncrementalAssign of anything but
// the event's Partitions, a Seek or SeekPartitions, or a write of an Offset
// field. A callback the trace cannot follow (an option's field) excuses
// nothing: the manual assignment is replaced whatever the callback does,
// unless it sets positions itself.
//
// For sharedassign: a go statement directly inside a range loop or a for loop
// with a condition (not in a function literal of it) whose goroutine calls Assign, in its function
// literal's body or as the go statement's call, or calls a function or method
// of the package that calls Assign (one level) on a consumer reached from its
// receiver or a parameter; the consumer is shared when that place is rooted
// at a variable declared outside the loop and outside the goroutine's function
// ("ka.Consumer" for a receiver ka of the enclosing method). The message
// names IncrementalAssign among the remedies only when the linked library has
// it (v1.6.1 and later: the module's version where it is known, else the
// package's API).
//
// Cooperative: group.protocol=consumer, or a partition.assignment.strategy that
// holds cooperative-sticky. Eager: group.protocol=classic and a strategy of range
// and roundrobin only, explicitly or by librdkafka's defaults when the ConfigMap
// is seen whole. A strategy set only by an option or on a branch does not change
// the default path's protocol.
//
// # Not reported
//
//   - handlers in a function that calls GetRebalanceProtocol() (also through an
//     interface): they choose the call by the protocol in force, as the
//     library's examples do;
//   - calls in a branch the handler takes only for consumers of the matching
//     protocol: the branch's condition reads a field ("if m.incremental",
//     "!m.incremental", "m.mode == modeCooperative", an earlier "if" on it
//     that returns, or a case of "switch m.mode" with constant cases), and
//     the function that builds the consumer (its
//     constructor) sets that field, in a keyed composite literal (an omitted
//     field is its zero value) or an assignment, only to constants for which
//     the branch is not taken. A field set elsewhere, or to a value that is not
//     a constant, decides nothing;
//   - handlers the library never runs, such as cases on Poll events since
//     v1.6.1 (internal/liveness decides, the same way for every analyzer):
//     pollrebalance reports them, and a call there cannot fail;
//   - consumers the trace cannot reach (see above);
//   - consumers whose protocol is not proved: values from outside (flags, files,
//     env), maps the analysis does not see whole, unknown strategies;
//   - for eagercall and incrementalcall: calls outside rebalance handlers
//     (manual assignment without a group), calls in helpers the handler calls,
//     and cases listing several event types;
//   - for assignsubscribe: an Assign alone (manual assignment without a
//     group) or a subscription alone; an Assign on another consumer, or on a
//     receiver that is no variable or field path (a call's result, an index
//     expression); Assign(nil); an Assign after Unsubscribe, and one that
//     Unassign, Unsubscribe or Close ends before every path to the
//     subscription (either one or the other, on exclusive branches); an
//     Assign and a subscription in different functions; a subscription whose
//     callback (or a Poll loop's case in the same function) sets positions on
//     AssignedPartitions as above; packages with type errors (no SSA form);
//   - for sharedassign: IncrementalAssign (it adds to the assignment); one
//     Assign before the goroutines start; a consumer created in the goroutine
//     or in the loop's iteration, or taken from an index expression or a
//     call; a goroutine started once, by two go statements outside a loop,
//     or in a "for {" loop without a condition (often one that restarts a
//     reader after the last one ended);
//     an Assign deeper than one call from the goroutine.
//
// # Category eagercall
//
// Assign or Unassign under a cooperative protocol.
//
// # Category incrementalcall
//
// IncrementalAssign or IncrementalUnassign under an eager protocol.
//
// # Category assignsubscribe
//
// Assign at chosen positions, then Subscribe on the same consumer: the group's assignment replaces it.
//
// # Category sharedassign
//
// Assign from goroutines a loop starts on one shared consumer: each replaces the others' partitions.
//
// # Fix and suppression
//
// The suggested fix replaces Assign(e.Partitions) by IncrementalAssign(e.Partitions)
// and Unassign() by IncrementalUnassign(e.Partitions) when the handler binds the
// event to e; under an eager protocol it replaces IncrementalAssign(e.Partitions) by
// Assign(e.Partitions) and IncrementalUnassign(e.Partitions) by Unassign(). Other
// arguments get no fix, and neither do calls through an interface of the
// program's own, which may lack the other method. An Assign before a
// subscription gets no fix: moving the positions into the rebalance callback
// (or dropping the subscription, if no group is wanted) changes the
// program's design, which needs a person. Neither does an Assign from
// goroutines: the function that assigns is often also called alone, where
// Assign's replacement is what is wanted, and the goroutines then share one
// consumer's messages whatever they assign.
//
// Suppress one report with a "//kafkalint:ignore incrementalassign reason" comment
// on the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -incrementalassign=false.
package incrementalassign
