// Package storeoffset defines an Analyzer that reports confluent-kafka-go
// StoreOffsets and CommitOffsets calls that store or commit the offset of a
// consumed message itself instead of the offset of the next message.
//
// # Analyzer storeoffset
//
// storeoffset: check that offsets stored from messages point past them
//
// Reports StoreOffsets and CommitOffsets calls that store or commit the offset of a
// consumed message itself instead of the offset of the next message: after a restart
// or rebalance the last processed message is processed again.
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
// # What is recognised
//
// The v1 (github.com/confluentinc/confluent-kafka-go/kafka), v2 and
// gopkg.in/confluentinc/confluent-kafka-go.v1 import paths, also vendored.
// A call of Consumer.StoreOffsets or Consumer.CommitOffsets is reported when its
// argument may hold the TopicPartition of a message, m.TopicPartition, with its
// offset unchanged. The value is followed through local variables
// (tp := m.TopicPartition), slice literals, append, indexing and range, struct
// fields of the package that hold a TopicPartition or an Offset, and
// TopicPartition literals whose Offset is the message's (Offset:
// m.TopicPartition.Offset, also through a variable or a conversion). m is any
// *kafka.Message or kafka.Message: from a Poll or Events type switch, ReadMessage,
// a parameter, a struct field or a channel.
//
// # Not reported
//
//   - offsets that are changed anywhere in the package before or after: any
//     assignment, ++ or += to the Offset of the variable, slice or field that
//     holds them (tp.Offset++, offs[i].Offset += 1, m.TopicPartition.Offset =
//     ...), even in another branch; an explicit + 1 makes the value correct;
//   - values whose address is taken, and slices passed to functions other than
//     append, len, cap, copy (as source), StoreOffsets and CommitOffsets, or
//     copied to another variable, field or literal: they may be changed there;
//   - messages built by the program (&kafka.Message{...}, new(kafka.Message));
//   - offsets from elsewhere: Committed, Position, event partitions, PartitionEOF,
//     computed values, parameters of type TopicPartition or []TopicPartition,
//     maps, and fields of structs declared in other packages.
//
// Functions that receive the *kafka.Message and change its offset through the
// pointer are not looked into: a store of m.TopicPartition after such a call is
// still reported (add 1 where the value is built instead).
//
// # Category storeoffbyone
//
// StoreOffsets of a consumed message's own offset.
//
// # Category commitoffbyone
//
// CommitOffsets of a consumed message's own offset.
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
// Suppress one report with a "//kafkalint:ignore storeoffset reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -storeoffset=false.
package storeoffset
