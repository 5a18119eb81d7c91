// Package kafkagocommit defines an Analyzer that reports kafka-go
// Generation.CommitOffsets calls given a consumed message's own offset
// instead of the offset of the next message, and Reader.CommitMessages
// calls made by a pool of workers that share one channel of messages.
//
// # Analyzer kafkagocommit
//
// kafkagocommit: check that kafka-go commits past the message and in order
//
// Reports, for github.com/segmentio/kafka-go, Generation.CommitOffsets calls
// whose offsets map holds a consumed message's Offset as is: the group
// resumes at the committed offset, so that message is read again after every
// restart or rebalance (category genoffbyone). And Reader.CommitMessages
// calls of workers that take their messages from one channel and commit
// each in the order they finish (category poolcommit, below).
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
// # Category poolcommit
//
// CommitMessages of workers started in a loop that share one channel of
// messages and one reader.
//
// The report is at a CommitMessages call in a function that runs on several
// goroutines at once, started in a loop, that commits a message it received
// from a channel, when the channel and the reader are the same for every
// goroutine of the loop: a worker pool fed by one fetch loop, as go-zero's
// go-queue kq runs without its CommitInOrder option (off by default):
//
//	for i := 0; i < q.c.Processors; i++ {
//		q.consumerRoutines.Run(func() {
//			for msg := range q.channel {
//				q.handle(msg)
//				q.consumer.CommitMessages(ctx, msg) // q.consumer.CommitMessages runs on each of the goroutines started in a loop at (...)
//			}
//		})
//	}
//
// CommitMessages commits, for each partition, the highest offset of the
// messages it is given, plus one, and nothing compares it with what was
// committed before (reader.go, commitLoopImmediate and commitLoopInterval
// with offsetStash.merge). The workers finish in any order: a fast worker's
// commit of a later message covers earlier messages of that partition that
// other workers are still processing (lost if the process dies, never
// redelivered), and one that failed and was left uncommitted; with
// CommitInterval 0 (the default) each call is committed as given, so an
// earlier message committed last moves the group's offset back and the
// messages after it are consumed again after a restart or rebalance
// (docs/library-facts.md, F33; proof/clients, scenario commitorder, kafka-go
// v0.4.42 and v0.4.51: committed 5, then 3, the group ends at 3 and a
// restart reads 3 and 4 again). The report's related position is where the
// goroutines are started.
//
// Commit from one goroutine in the order the messages were fetched (go-queue's
// CommitInOrder runs the handlers concurrently and commits their results in
// order from one goroutine), or dispatch by partition to workers that each
// own a channel, so that each partition is processed and committed in order
// by one worker.
//
// A goroutine is started by a go statement (of a function or a literal), by
// the Go or TryGo method of a goroutine group (errgroup.Group, sync.WaitGroup
// from Go 1.25, a type of that shape), or by the Run or RunSafe method of a
// type with a Wait method (go-zero's threading.RoutineGroup, whose Run is a
// go statement). The channel and the reader are the same for every goroutine
// when they come, through the goroutine's captured variables, its arguments,
// fields and loads, from values the starting function has before the loop:
// its parameters, its variables, the package's globals. The reader is a
// *kafka.Reader or an interface of the program with the method
// CommitMessages(context.Context, ...kafka.Message) error, behind which the
// program keeps one (go-queue v1.2.2's kafkaReader).
//
// Not reported:
//
//   - workers that each own whole partitions: a channel per worker (made in
//     the loop, an element chans[i], a range variable, a field of each
//     worker): a partition's messages go to one worker, which commits them
//     in order;
//   - workers with a reader each (made in the goroutine or the loop): each is
//     a member of the group, which gives it whole partitions;
//   - a pool that processes and hands the messages to one committing
//     goroutine started once (a commit in order is the program's own
//     business);
//   - a loop that waits for its goroutine group (Wait) in its body: one
//     worker at a time;
//   - a slice of messages passed on (CommitMessages(ctx, batch...)):
//     a batch a worker builds from the shared channel is as out of order,
//     but whether the batch is whole partitions is not known here;
//   - workers started one by one without a loop (go w(); go w()), and
//     functions that receive and commit one call below the function the
//     goroutine runs;
//   - Generation.CommitOffsets from several goroutines: a ConsumerGroup's
//     generation starts one function per partition (Generation.Start), which
//     is whole partitions.
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
// poolcommit reports have no fix: committing in order needs a goroutine and
// a reorder buffer of the program's own design.
//
// Suppress one report with a "//kafkalint:ignore kafkagocommit reason"
// comment on the line, or "//nolint:kafkalint" under golangci-lint; disable
// the analyzer with -kafkagocommit=false.
package kafkagocommit
