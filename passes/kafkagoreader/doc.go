// Package kafkagoreader defines an Analyzer that reports kafka-go readers
// configured to read less than the program means.
//
// # Analyzer kafkagoreader
//
// kafkagoreader: report kafka-go readers that read less than meant
//
// Reports, for github.com/segmentio/kafka-go, a kafka.NewReader whose
// ReaderConfig has neither GroupID nor Partition, one with StartOffset but no
// GroupID, CommitMessages on a reader without GroupID (or SetOffset and
// ReadLag on one with it) whose error is ignored, FetchMessage on a group
// reader nothing commits on, and, with -readmessage, ReadMessage on a group
// reader followed by processing that can fail; and the message of a
// ReadMessage or FetchMessage used after an error check that falls through.
//
// A reader without GroupID reads exactly one partition, ReaderConfig.Partition,
// which is 0 when not set (docs/library-facts.md, F27). A consumer written as
// if it read the topic reads partition 0, and the other partitions are never
// read:
//
//	r := kafka.NewReader(kafka.ReaderConfig{ // kafka.NewReader without GroupID or Partition reads partition 0 only, (...)
//		Brokers: brokers,
//		Topic:   "orders",
//	})
//
// Set GroupID to consume every partition in a group, or Partition (also 0) to
// say which one is meant. StartOffset is used only with GroupID (F28): a reader
// without one starts at FirstOffset whatever StartOffset says, so a reader
// meant to start at LastOffset processes the whole partition again; call
// SetOffset on it instead. CommitMessages on a reader without GroupID returns
// an error and commits nothing; SetOffset and ReadLag on a reader with one
// return an error and do nothing (reader.go, errOnlyAvailableWithGroup and
// errNotAvailableWithGroup; F31): with the error ignored, nobody notices.
//
// FetchMessage does not commit (F30): a group reader read with FetchMessage
// and never given to CommitMessages commits nothing, and every restart reads
// again from the group's last committed offset. ReadMessage commits the
// message before returning it: when what follows can fail (a call whose
// error the function checks), a failure or a crash loses the message. That is
// at-most-once delivery, which a program may want, so this check is off
// unless -readmessage is given:
//
//	m, err := r.ReadMessage(ctx) // r.ReadMessage on a group reader commits the message before it is processed, (...)
//	...
//	if err := store(m); err != nil {
//		return err
//	}
//
// # What is recognised
//
// The github.com/segmentio/kafka-go import path, also vendored. The
// ReaderConfig given to NewReader is traced on the package's SSA form
// (internal/valueflow): composite literals, variables whose fields are set
// after the literal (cfg.GroupID = group), copies, and the package's helpers
// that build or return the configuration. A field counts as set when some
// path may set it: GroupID to anything but "" (a parameter counts), Partition
// to anything (Partition: 0 says partition 0 is meant), StartOffset to
// anything but FirstOffset. A NewReader call in a function of the package
// that its callers give their configurations (func reader(cfg
// kafka.ReaderConfig) *kafka.Reader, one helper for every reader, or func
// consumer(url, topic, groupID string) *kafka.Reader, whose GroupID is its
// parameter, or func newConsumer(cfg consumerConfig) *kafka.Reader, whose
// GroupID is a field of the program's own configuration struct) is also
// judged at each of its calls, with the configuration that call gives
// (consumer(url, topic, "") has no group, and neither has
// newConsumer(consumerConfig{Topic: "orders"}): a composite literal or local
// variable of the caller that leaves the field out or sets it to "", and
// whose address is not given away): a
// caller that sets GroupID does not hide another that does not, and the
// report at NewReader names the callers' configurations that read less than
// meant (one level of calls: a helper of the helper's callers is judged with
// all its callers' configurations together). The reader a method is called
// on is traced to its NewReader call the same way, also when the program
// calls it through an interface of its own (type Reader interface {
// FetchMessage(...); CommitMessages(...) }, so that tests can fake the
// reader): such a reader
// leaves the package's sight only when the interface value does.
//
// Across packages, through facts (ReaderFact): an exported function that
// returns a ReaderConfig it builds (a configuration helper) gives its callers
// the fields it sets, and one that returns a *kafka.Reader it builds with
// NewReader (a constructor) gives them the reader's configuration, so that
// the caller's NewReader of the helper's configuration, and the caller's
// calls on the constructor's reader, are judged in the caller.
//
// # Not reported
//
//   - configurations that come from where the package cannot see (another
//     package's function without a fact, one that returns a pointer, a
//     parameter of an exported function) or whose address is given away (a
//     function may set fields through it);
//   - readers with GroupTopics;
//   - the group-only calls whose error the program uses;
//   - FetchMessage on a reader that leaves the package's sight (returned by an
//     exported function, passed to another package, stored in an exported
//     field, converted to an interface other than a reader interface of the
//     program, or to one whose value leaves), or when some CommitMessages
//     call's reader is not traced;
//   - ReadMessage without -readmessage, and ReadMessage followed only by
//     calls whose errors are ignored.
//
// # Category partitionzero
//
// A ReaderConfig with neither GroupID nor Partition.
//
// # Category startoffsetignored
//
// A ReaderConfig with StartOffset and no GroupID.
//
// # Category grouponly
//
// CommitMessages on a reader without GroupID, or SetOffset or ReadLag on one
// with it, the error ignored.
//
// # Category fetchnocommit
//
// FetchMessage on a group reader nothing commits on.
//
// # Category readcommits
//
// ReadMessage on a group reader before processing that can fail
// (-readmessage only).
//
// # Category fetcherrused
//
// The message of a failed ReadMessage or FetchMessage used after its error
// check.
//
// Both return the zero kafka.Message with every error (reader.go, v0.3.7 to
// v0.4.51: Message{} for a cancelled context, a closed reader, a
// background error, and the message-less readerMessage the fetch loop
// sends with an error). An "if err != nil" right after the read whose body
// logs, or sleeps before a retry, and falls through hands that zero
// message to what follows: a handler gets an empty topic, partition 0,
// offset 0 and a nil value, and may commit it (lileio/pubsub v2.5.0's kafka
// provider):
//
//	m, err := p.Reader.FetchMessage(ctx)
//	if err != nil {
//		logrus.Errorf("receive failed, reconnecting in %v: %v", d, err)
//		time.Sleep(d)
//	}
//	msg := pubsub.Msg{ID: string(m.Key), ...} // m is used here also when FetchMessage failed: (...)
//
// Continue (or return) at the end of the error branch. The report is at the
// first use of the message after the check; its related position is the
// check. Read from the syntax: the read assigns the message and the error
// to variables (m, err := or =), the next statement is the check, with no
// else, and its body may reach its end (it does not end in a return, a
// break, continue or goto, a call that does not return such as log.Fatal,
// or an if, switch or select whose branches all do). The reader is a
// *kafka.Reader or the program's own interface with the method. Not
// reported: a message used only after the error is looked at again (if err
// == nil { ... }) or the message is assigned again (or its address taken)
// first; an error check with an else, or one that is not the statement right
// after the read; an error branch that fails a test and goes on (t.Error,
// t.Errorf, t.Fail: kafka-go's own compress test), where comparing the zero
// message only adds failure lines to a test that has failed.
//
// # Fix and suppression
//
// No fix is offered: whether the reader should join a group or read one
// partition, and when a message counts as processed, is the program's choice. Suppress one report with a
// "//kafkalint:ignore kafkagoreader reason" comment on the line, or
// "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -kafkagoreader=false.
package kafkagoreader
