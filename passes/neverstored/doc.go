// Package neverstored defines an Analyzer that reports confluent-kafka-go
// consumers whose progress never reaches the broker.
//
// # Analyzer neverstored
//
// neverstored: report consumers that never store or commit an offset
//
// With enable.auto.offset.store=false the consumer no longer stores the offset
// of each message it hands out: the program is meant to call StoreOffsets or
// StoreMessage once a message is processed, and auto commit (or an offset-less
// Commit()) then commits what was stored. A consumer configured so that never
// stores anything commits nothing:
//
//	c, err := kafka.NewConsumer(&kafka.ConfigMap{ // consumer with enable.auto.offset.store=false never stores an offset (...)
//		"bootstrap.servers":        brokers,
//		"group.id":                 "billing",
//		"enable.auto.offset.store": false,
//	})
//	...
//	for run {
//		msg, err := c.ReadMessage(time.Second)
//		...
//		process(msg) // and no c.StoreMessage(msg)
//	}
//
// Why it matters: the group's committed offsets never move, so the lag grows
// without end, and every restart or rebalance starts again from the committed
// offset, or from auto.offset.reset when there is none: the whole topic is
// reprocessed, or (with "latest") everything produced while the consumer was
// away is skipped (docs/library-facts.md, F13; confluent-kafka-go #656, #912).
// Store what was processed:
//
//	process(msg)
//	if _, err := c.StoreMessage(msg); err != nil { ... }
//
// Likewise a consumer with enable.auto.commit=false that never calls Commit,
// CommitOffsets or CommitMessage: nothing is ever committed (Close does not
// commit either).
//
// # What is reported
//
// A kafka.NewConsumer call (v1, v2 and gopkg.in import paths, also vendored)
// outside _test.go files whose configuration, on its default path, is proved to
// have:
//
//   - enable.auto.offset.store=false, with progress that depends on stored
//     offsets: enable.auto.commit true or absent (the default) with an
//     auto.commit.interval.ms that is not 0, or an offset-less Commit() called
//     on that consumer; and no StoreOffsets, StoreMessage, CommitOffsets or
//     CommitMessage called on it (category neverstored);
//   - or enable.auto.commit=false, and no Commit, CommitOffsets or CommitMessage
//     called on it (category nevercommitted).
//
// The configuration is kafkaconfig's: map literals, maps built in steps, by
// helpers and by option functions. Writes made on some paths only (an option
// the caller may or may not apply, a branch) are not the default path: they
// neither make nor silence a report.
//
// # How far "anywhere that consumer goes" reaches
//
// This package only. A call counts for the consumer when its receiver is traced
// (internal/valueflow) to the NewConsumer call: through variables, struct
// fields, closures, the package's own functions and function values, the
// program's own interfaces and adapters that embed *kafka.Consumer. A method
// value (ack := c.StoreMessage) counts as a call on its receiver; a method
// expression ((*kafka.Consumer).StoreMessage) as a call on any consumer. The
// analyzer then checks that the consumer cannot go anywhere else; it stays
// silent when the consumer, or a value of a type that may hold it (a struct
// with a field it is stored in, a pointer to one, a slice of them, an
// interface holding one), is:
//
//   - returned from an exported function or method, or from a function literal;
//   - stored in an exported field, an exported variable or one of another
//     package, a slice or array element, a map, a channel, or through a pointer
//     the package does not allocate;
//   - passed to a function of another package (except the library's own
//     functions and methods), to an interface method, to a function value not
//     known to be one of the package's own, or to append or copy;
//   - panicked with, or converted (to unsafe.Pointer).
//
// Values of a holder type are judged by their type, so any value of that type
// escaping silences the report, whichever instance it is.
//
// # Not reported
//
//   - any call of the methods above whose receiver is not traced completely (a
//     parameter of an exported function, an interface whose implementations
//     are not all known, a field other packages can set): it may be that
//     consumer, so it silences every report of the package that it could
//     prevent (an untraced part never makes a report);
//   - for nevercommitted, consumers on which the program calls Seek,
//     SeekPartitions, Assign or IncrementalAssign with offsets of its own (all
//     but the partitions of an AssignedPartitions event as delivered): they
//     may keep their offsets elsewhere;
//   - auto.commit.interval.ms read as 0 (it disables auto commit; librdkafka
//     reads the leading integer, so "0ms" and " 0" are 0 too), a value
//     librdkafka rejects, or a value that is not a constant, unless
//     enable.auto.commit=false;
//   - consumers obtained from a function of another package (it may keep the
//     consumer and store for it), consumers whose configuration is not known,
//     and consumers made in _test.go files.
//
// # Category neverstored
//
// enable.auto.offset.store=false and nothing ever stored.
//
// # Category nevercommitted
//
// enable.auto.commit=false and nothing ever committed.
//
// # Suppression
//
// There is no fix: where to store depends on when a message counts as processed.
//
// Suppress one report with a "//kafkalint:ignore neverstored reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -neverstored=false.
package neverstored
