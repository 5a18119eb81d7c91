// Package storeoffset defines an Analyzer that reports confluent-kafka-go
// StoreOffsets, CommitOffsets and SendOffsetsToTransaction calls that store,
// commit or send the offset of a consumed message itself instead of the offset
// of the next message.
//
// # Analyzer storeoffset
//
// storeoffset: check that offsets stored from messages point past them
//
// Reports StoreOffsets, CommitOffsets and SendOffsetsToTransaction calls that store,
// commit or send the offset of a consumed message itself instead of the offset of the
// next message: after a restart or rebalance consumption resumes at that message, and
// a message that was processed is processed again.
//
// The offset a consumer stores or commits is the offset of the next message to
// read, but a message's TopicPartition holds its own offset:
//
//	for {
//		m, err := c.ReadMessage(time.Second)
//		if err != nil {
//			continue
//		}
//		process(m)
//		c.StoreOffsets([]kafka.TopicPartition{m.TopicPartition}) // c.StoreOffsets stores the offset of message m itself, not the next one (...)
//	}
//
// Why it matters: StoreOffsets and CommitOffsets pass each Offset to librdkafka
// as is ("it will NOT be + 1", rdkafka.h). After a restart or a rebalance the
// partition resumes at the stored offset, so the last message processed is
// delivered and processed again (librdkafka PR #2337, confluent-kafka-go #717).
// StoreMessage(m) and CommitMessage(m) add 1 themselves:
//
//	process(m)
//	c.StoreMessage(m) // from v1.8.2; before: Offset: m.TopicPartition.Offset + 1
//
// The same holds for the offsets a consume-transform-produce loop sends to a
// transaction with Producer.SendOffsetsToTransaction (from v1.4.0): they become
// the group's committed offsets when the transaction commits, and the method's
// doc says they "should be the next message your application will consume, i.e.,
// the last processed message's offset + 1" (kafka/producer.go, v1.4.0 to v2.11.1;
// docs/library-facts.md, F14). The consumer's Position() is that offset.
//
// # What is recognised
//
// The v1 (github.com/confluentinc/confluent-kafka-go/kafka), v2 and
// gopkg.in/confluentinc/confluent-kafka-go.v1/kafka import paths, also vendored.
// A call of Consumer.StoreOffsets or Consumer.CommitOffsets is reported when its
// argument may hold the TopicPartition of a message, m.TopicPartition, with its
// offset unchanged; a call of Producer.SendOffsetsToTransaction when its offsets
// argument does. SendOffsetsToTransaction is recognised when the call reaches the
// producer's method statically, also promoted from an embedded *kafka.Producer;
// not through an interface of the program's own, whose values nothing says are
// producers. The call may reach the consumer through an interface of the
// program's own (a wrapper's committer interface holding a *kafka.Consumer) or
// an adapter struct that embeds one; a call through an interface whose values
// are all fakes (a _test.go type) is not a consumer's.
//
// Values are followed on the package's SSA form (internal/valueflow): through
// local variables, phis (a value set on some branches), slice literals, append,
// copy, indexing and range, struct fields of the package (generic structs too),
// closures (a slice of offsets built outside a retry closure and stored inside
// it), generic functions and methods, TopicPartition
// literals whose Offset is the message's (Offset: m.TopicPartition.Offset, also
// through a variable or a conversion), and parameters of the package's functions
// to the arguments of their calls: a helper storeAt(c, m.TopicPartition) that
// stores its parameter as is is reported at its StoreOffsets call, with the
// caller's m.TopicPartition as related location. An exported function that
// stores a parameter as is gets a fact (StoresFact), and its calls in other
// packages that pass a message's TopicPartition, or a slice of them, are
// reported there. m is any *kafka.Message or kafka.Message the program did not
// build: from a Poll or Events type switch, ReadMessage, a parameter, a struct
// field or a channel. One traced source that holds a message's own offset is
// enough: a value that may also come from elsewhere (an exported function's
// parameter, a library call) is still reported.
//
// # Not reported
//
//   - offsets of messages that were not processed, where resuming at them is
//     the point: a call in the failure branch of the call that processes the
//     message ("if err := handle(m); err != nil" or err assigned before the
//     if, from a call given the message or part of it), such as the resume
//     point of a batch that fails midway; and a call followed in its block by
//     the consumer's Seek or SeekPartitions to the same position (an argument
//     built from the same message or variable), a deliberate retry. Both are
//     looked for at the store and, for a helper that stores its parameter
//     (resumeAt(c, m.TopicPartition)), where its caller takes the offset: a
//     helper called both ways is reported for the caller that processed the
//     message. Elsewhere
//     the report does not claim the message was processed: it says where
//     consumption resumes;
//   - offsets that are changed anywhere in the package before or after: any
//     write to the Offset (or the whole TopicPartition) of a variable, element
//     or field of the package the value passes through (tp.Offset++,
//     offs[i].Offset += 1, p.tp.Offset = x, m.TopicPartition.Offset = ...),
//     even in another branch or in a function of the package that is given
//     the message or the slice (advance(m), bump(offsets)); an explicit + 1
//     makes the value correct;
//   - values whose address is passed on (next(&tp)), and slices handed to code
//     that may change their elements: functions of other packages (other than
//     StoreOffsets, CommitOffsets and the parameters of a StoresFact), interface
//     methods, function values, channels, maps and interface conversions
//     (functions of the package are looked into: their element writes count);
//   - messages built by the program (&kafka.Message{...}, new(kafka.Message), a
//     zero variable);
//   - offsets from elsewhere: Committed, Position, event partitions,
//     PartitionEOF, computed values, parameters of type TopicPartition or
//     []TopicPartition of exported functions without a caller that passes a
//     message's own offset, maps, and fields of structs declared in other
//     packages;
//   - packages with type errors: they have no SSA form, so nothing is traced.
//
// Not recognised yet: a helper of another package that stores a field of a
// struct it is given, or a parameter through a function value or an interface
// method of another package (facts describe parameters stored as is only); a
// TopicPartition held in a map or sent through a channel of the program and
// stored by the receiver (the receive is not traced to the send; a struct field
// sent through a channel is, field by field). A message whose offset is changed
// through a pointer by a function of another package is not looked into: a
// store of m.TopicPartition after such a call is still reported.
//
// # Category autostore
//
// StoreOffsets or StoreMessage on a consumer whose configuration keeps
// librdkafka's automatic offset store (enable.auto.offset.store true, set or by
// default): librdkafka rejects the store with ErrInvalidArg on every version
// (docs/library-facts.md F8; measured from v1.4.0 to v2.15.0, proof/RESULTS.md,
// storeautoarg), so nothing is stored, silently where the error is ignored. An
// option or a branch that may set it to false keeps the call silent. The fix,
// where the configuration sets it to true in this package, sets it to false.
//
// # Category storeoffbyone
//
// StoreOffsets of a consumed message's own offset.
//
// # Category commitoffbyone
//
// CommitOffsets of a consumed message's own offset.
//
// # Category txnoffset
//
// SendOffsetsToTransaction of a consumed message's own offset: once the
// transaction commits, the group's committed offset is the message's own, and
// after a restart or rebalance the message is processed again, in the mode meant
// to process each message exactly once. librdkafka sends each Offset as given
// (rd_kafka_txn_send_TxnOffsetCommitRequest skips logical offsets and adds
// nothing; docs/library-facts.md, F14).
// The runtime proof (proof/RESULTS.md, scenario txnoffset) shows what is sent
// (the own offset 4 for the last of messages 0-4, 5 with + 1 or Position()), but
// not what is committed: librdkafka's mock cluster accepts TxnOffsetCommit and
// discards its offsets on every version, so nothing is committed there whatever
// is sent. That the committed offset is the next one to read is the same
// contract as CommitOffsets' (F8, proved by scenario storeoffset).
//
// # Fix and suppression
//
// When the argument is a slice literal with the one element m.TopicPartition
// (m a *kafka.Message), the fix replaces the call by c.StoreMessage(m) or
// c.CommitMessage(m), which have the same results. CommitMessage exists in every
// version; StoreMessage from v1.8.2, and the fix is offered only when the linked
// library declares it. Note that both reject a message whose TopicPartition.Error
// is set, and StoreMessage one with a negative offset. When the element is a
// TopicPartition literal, the fix adds " + 1" to its Offset. Anything else (a
// value in a variable that may be used elsewhere, several elements, StoreOffsets
// before v1.8.2 with m.TopicPartition) is reported without a fix: add 1 to the
// Offset where the value is built.
//
// For SendOffsetsToTransaction, when the offsets argument is a slice literal
// with the one element m.TopicPartition, the fix replaces the element by a
// TopicPartition literal of the same topic and partition at Offset + 1 (keeping
// LeaderEpoch where the library's TopicPartition has it, v2); a TopicPartition
// literal element gets " + 1" on its Offset as above.
//
// A report at the call of another package's helper has a fix only when the
// helper's first argument is a slice literal whose one element is a
// TopicPartition literal (" + 1" on its Offset); calls through an interface are
// never rewritten to StoreMessage or CommitMessage, which the interface may not
// have (an adapter's promoted StoreOffsets is the consumer's own, and is).
//
// Suppress one report with a "//kafkalint:ignore storeoffset reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -storeoffset=false.
package storeoffset
