// Package kafkagocommit defines an Analyzer that reports kafka-go
// Generation.CommitOffsets calls given a consumed message's own offset
// instead of the offset of the next message.
//
// # Analyzer kafkagocommit
//
// kafkagocommit: check that kafka-go CommitOffsets commits past the message
//
// Reports, for github.com/segmentio/kafka-go, Generation.CommitOffsets calls
// whose offsets map holds a consumed message's Offset as is: the group
// resumes at the committed offset, so that message is read again after every
// restart or rebalance.
//
// A program that runs a kafka.ConsumerGroup itself reads each assigned
// partition with a partition reader and commits through the generation.
// CommitOffsets sends the offsets as given, and the committed offset is the
// next one to read: the next generation's PartitionAssignment.Offset, where
// the partition's reader starts (docs/library-facts.md, F32).
// Reader.CommitMessages adds the one itself (commit.go, makeCommit), which is
// why a program moving from a group Reader to a ConsumerGroup makes this
// mistake:
//
//	for {
//		m, err := r.ReadMessage(ctx)
//		if err != nil {
//			return
//		}
//		process(m)
//		gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset}}) // gen.CommitOffsets commits the offset of message m itself, not the next one, (...)
//	}
//
// Commit the offset after it:
//
//	gen.CommitOffsets(map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}})
//
// The runtime proof (proof/clients, scenario gencommit, kafka-go v0.4.42 and
// v0.4.51) commits the own offset of the last of messages 0 to 4: the group's
// committed offset is 4 and a restarted member reads message 4 again; with
// + 1 it is 5.
//
// # What is recognised
//
// The github.com/segmentio/kafka-go import path, also vendored. The offsets
// map given to CommitOffsets is followed on the package's SSA form
// (internal/valueflow) to the map literals and make calls it comes from, the
// inner maps (partition to offset) stored into it or looked up from it
// (offsets[m.Topic][m.Partition] = m.Offset), and the offsets stored into
// those, through variables, branches (the last message's offset kept in a
// variable of the read loop), struct fields of the package, closures and the
// parameters of the package's functions to the arguments of their calls. An
// offset is a message's own when one of its traced sources is the Offset
// field of a kafka.Message the program did not build: one returned by
// ReadMessage or FetchMessage, a parameter, a field or a channel. One such
// source is enough: a variable that starts at the assignment's offset and is
// then set to each message's Offset is reported.
//
// # Not reported
//
//   - offsets with anything added (m.Offset + 1), and a variable set to
//     m.Offset and committed plus one (kafka-go's own ConsumerGroup example);
//   - offsets of messages the program builds (kafka.Message{...}, new, a zero
//     variable), and packages that write a Message's Offset anywhere or take
//     its address (m.Offset++, next(&m.Offset)): their offsets are the
//     program's own;
//   - offsets from elsewhere: the assignment's PartitionAssignment.Offset,
//     a reset tool's offsets read from flags or a file, other packages'
//     functions;
//   - Reader.CommitMessages, which adds the one itself;
//   - packages with type errors (no SSA form).
//
// Not recognised yet: a helper of another package that commits through the
// generation it is given (no facts cross packages), and offsets sent through
// a channel of the program to the goroutine that commits them.
//
// # Category genoffbyone
//
// Generation.CommitOffsets of a consumed message's own offset. The report is
// at the CommitOffsets call; when the offset is taken from the message
// elsewhere (a variable, a helper's argument), that place is its related
// position.
//
// # Fix and suppression
//
// Where the message's Offset is written, inside the CommitOffsets call, as
// the value of the map literal's element ({m.Partition: m.Offset}), the fix
// adds " + 1" to it. An offset stored into the map elsewhere
// (offsets[p] = m.Offset before the call) or kept in a variable is reported
// without a fix: the fix would edit a statement other than the reported one,
// and the variable may be read for other things (a log line, a lag), so add
// 1 where the commit takes it.
//
// Suppress one report with a "//kafkalint:ignore kafkagocommit reason"
// comment on the line, or "//nolint:kafkalint" under golangci-lint; disable
// the analyzer with -kafkagocommit=false.
package kafkagocommit
