// Package kgocommit defines an Analyzer that reports franz-go marks and
// commits that do nothing or commit the wrong offsets.
//
// # Analyzer kgocommit
//
// kgocommit: report franz-go marks and commits of the wrong offsets
//
// Reports, for github.com/twmb/franz-go/pkg/kgo clients, MarkCommitRecords,
// MarkCommitOffsets and CommitMarkedOffsets on a client without
// kgo.AutoCommitMarks, CommitUncommittedOffsets on a client with it,
// EpochOffsets of a record's own offset given to CommitOffsets,
// CommitOffsetsSync or MarkCommitOffsets, and a record skipped after its
// processing failed while a record processed after it is committed.
//
// Marking is a no-op unless the client has the AutoCommitMarks option: the
// methods return at once (docs/library-facts.md, F25). With autocommit on,
// the client then commits what was polled, whether the program's workers have
// processed it or not; with autocommit disabled, CommitMarkedOffsets commits
// nothing, and adding AutoCommitMarks is no fix: kgo.NewClient refuses it
// beside DisableAutoCommit (the runtime proof, v1.7.0 and v1.22.3). On such a
// client the report says to commit the records themselves (CommitRecords) or
// to use AutoCommitMarks instead of DisableAutoCommit:
//
//	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"))
//	fs := cl.PollFetches(ctx)
//	fs.EachRecord(func(r *kgo.Record) {
//		work <- r // a worker processes it, then:
//	})
//	cl.MarkCommitRecords(r) // cl.MarkCommitRecords does nothing on a client without kgo.AutoCommitMarks, add the option to the client (...)
//
// With AutoCommitMarks, CommitUncommittedOffsets commits every polled offset,
// marked or not: records still being processed are committed as consumed
// (F25). CommitMarkedOffsets commits the marks.
//
// The raw-offset methods commit the offsets they are given as is, and a
// committed offset is the next one to read (kgo's EpochOffset documentation:
// "If committing, this should be one AFTER a record's offset"; F26). An
// EpochOffset of r.Offset re-delivers the record after every restart or
// rebalance; CommitRecords and MarkCommitRecords add the one themselves. The
// runtime proof shows it for CommitOffsetsSync (v1.7.0 and v1.22.3) and for
// MarkCommitOffsets, whose mark the revoke at Close commits (v1.22.3; v1.7.0
// has no MarkCommitOffsets): committed 4, the restart reads record 4 again.
//
// CommitRecords and MarkCommitRecords commit, per partition, the offset after
// the highest record they are given (F35). A loop that logs a record's failed
// processing and skips it (continue), then commits or marks the records it
// processed after it, commits the failed record as consumed: the group never
// delivers it again, although the program kept it out of its commit (the
// runtime proof, skipfailed, v1.7.0 and v1.22.3: record 2 fails, record 3 is
// committed, a restarted member starts at 4). Elastic's apm-queue v1.0.0 does
// this at least once (its issue 118):
//
//	for i, msg := range records {
//		if err := c.processor.Process(ctx, record); err != nil {
//			logger.Error("data loss: unable to process event", zap.Error(err))
//			continue // record msg is skipped after its processing failed (...)
//		}
//		last = i
//	}
//	client.CommitRecords(ctx, records[last])
//
// # What is recognised
//
// The github.com/twmb/franz-go/pkg/kgo import path, also vendored. The
// client a method is called on is traced to its kgo.NewClient call through
// variables, fields, returns and the parameters of unexported functions (a
// partition callback's *kgo.Client parameter is the client that registered
// the callback: a revoke callback's cl.CommitMarkedOffsets(ctx)), and
// the options that reach the call as kgoflow traces them (internal/kgoflow):
// arguments, []kgo.Opt slices built with literals and append, helpers, and
// variadic forwarding; a client returned by a function of another package
// that builds it (a wrapper, also one that returns a struct embedding the
// client, as tracing wrappers do: the promoted method calls are calls on it)
// has the options the wrapper's facts give, with those the caller passes it. The offsets map is traced from the call to the map
// literals and make calls it comes from, the inner maps stored into it or
// looked up from it (offsets[r.Topic][r.Partition] = ...), and the
// EpochOffset literals and fields stored into those, to a load of a
// kgo.Record's Offset field with nothing added.
//
// For skipfailed, the loops over fetched records are ranges over a
// []*kgo.Record (Fetches.Records(), a partition's Records, a slice received
// from a channel) and function literals given to an EachRecord method (where
// a return skips the record). A failure branch is an if on "err != nil",
// where err is set by a call of the loop (in the if's init or by the loop's
// last assignment before it), and whose statements only log (methods and
// functions named like Error, Warnf, Info, Printf, Log; zerolog's Msg), count
// (x++, Prometheus and OpenTelemetry metrics) and skip, also inside an if or
// a switch without calls in their conditions (apm-queue's switch on its
// delivery mode). What is processed after it: the loop's record given to
// CommitRecords or MarkCommitRecords after the branch (or in its else, where
// the failed record falls out of an if with nothing but logging), or a
// variable of the function set there to the record, its index (last = i,
// then records[last], also through lastRecord := records[last]) or a slice
// the record is appended to (done = append(done, r), then done...), given to
// such a call later in the function.
//
// # Not reported
//
//   - marks on a client whose options the package does not see whole (options
//     from a parameter of an exported function, or from another package's
//     function whose facts do not give them whole; a helper's options from an
//     unexported field that only its package's exported setters fill are whole
//     where none of the setters is called, as kgorebalance says), or on a
//     client the trace does not reach (a parameter of an exported function);
//   - CommitUncommittedOffsets on a client that gets AutoCommitMarks on some
//     paths only (options chosen by a switch, the commit on the other case:
//     franz-go's own examples/group_committing);
//   - EpochOffsets computed (r.Offset+1, a variable of the program's own),
//     and SetOffsets, which seeks: the record's own offset is right there;
//   - a failure branch that does anything besides logging and counting: it
//     hands the record to a dead-letter queue, retries it, stores it for
//     later, or commits the failed record itself (a record dropped on
//     purpose, with a comment or without: the commit says it), and a branch
//     that returns or breaks out of the loop (nothing after the failed
//     record is committed: the fix);
//   - an error set in a loop of its own inside the record loop (a bounded
//     retry, given up on purpose), by kgo (a failed commit), or by a decoding
//     call (a name with Unmarshal, Decode, Parse, Deserialize or Unpack: a
//     malformed record, which no retry helps);
//   - a batch committed whole (CommitRecords(ctx, records...),
//     CommitUncommittedOffsets, autocommit): the program commits what it
//     polled whatever became of each record, a policy and not a skip;
//   - a MarkCommitRecords on a client without AutoCommitMarks (marknoop's
//     report: the mark does nothing), and records walked with RecordIter or
//     a channel of single records.
//
// # Category marknoop
//
// MarkCommitRecords, MarkCommitOffsets or CommitMarkedOffsets on a client
// without AutoCommitMarks. The message says to add the option, or, on a
// client with DisableAutoCommit (where NewClient refuses it), to commit with
// CommitRecords or to use AutoCommitMarks instead, with the
// DisableAutoCommit option as a related position.
//
// # Category uncommittedmarks
//
// CommitUncommittedOffsets on a client with AutoCommitMarks.
//
// # Category offbyone
//
// An EpochOffset of a record's own offset committed or marked.
//
// # Category skipfailed
//
// A record skipped (or left out of the commit) after its processing failed,
// where the branch only logs, while CommitRecords or MarkCommitRecords later
// commits or marks a record the loop processed after it; the commit is a
// related position. Reported at the continue or return that skips the
// record, or at the if whose else alone commits. No fix: whether to retry,
// stop before the commit or hand the record to a dead-letter queue is the
// program's choice.
//
// # Fix and suppression
//
// The fix replaces CommitUncommittedOffsets with CommitMarkedOffsets (same
// arguments) where the linked kgo has it (not v1.7.0), and adds " + 1" to a
// record's offset. Adding AutoCommitMarks to the client, or replacing
// DisableAutoCommit with it, is left to a person: it changes what autocommit
// commits.
// Suppress one report with a "//kafkalint:ignore kgocommit reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -kgocommit=false.
package kgocommit
