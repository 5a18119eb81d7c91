// Package incrementalassign defines an Analyzer that reports confluent-kafka-go
// rebalance handlers whose Assign/Unassign calls do not match the consumer's
// rebalance protocol.
//
// # Analyzer incrementalassign
//
// incrementalassign: check that rebalance handlers match the rebalance protocol
//
// Reports eager Assign and Unassign calls in rebalance handlers of consumers on a
// cooperative rebalance protocol (cooperative-sticky, group.protocol=consumer), and
// incremental calls under an eager one.
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
//     "!m.incremental", "m.mode == modeCooperative", or an earlier "if" on it
//     that returns), and the function that builds the consumer (its
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
//   - calls outside rebalance handlers (manual assignment without a group), calls
//     in helpers the handler calls, and cases listing several event types.
//
// # Category eagercall
//
// Assign or Unassign under a cooperative protocol.
//
// # Category incrementalcall
//
// IncrementalAssign or IncrementalUnassign under an eager protocol.
//
// # Fix and suppression
//
// The suggested fix replaces Assign(e.Partitions) by IncrementalAssign(e.Partitions)
// and Unassign() by IncrementalUnassign(e.Partitions) when the handler binds the
// event to e; under an eager protocol it replaces IncrementalAssign(e.Partitions) by
// Assign(e.Partitions) and IncrementalUnassign(e.Partitions) by Unassign(). Other
// arguments get no fix, and neither do calls through an interface of the
// program's own, which may lack the other method.
//
// Suppress one report with a "//kafkalint:ignore incrementalassign reason" comment
// on the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -incrementalassign=false.
package incrementalassign
