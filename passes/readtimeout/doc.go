// Package readtimeout defines an Analyzer that reports confluent-kafka-go read
// loops that stop consuming when ReadMessage merely times out, and code that
// uses the nil message ReadMessage returns with an error.
//
// # Analyzer readtimeout
//
// readtimeout: check ReadMessage's timeouts and error branches
//
// ReadMessage(timeout) waits at most timeout for a message, and when none comes it
// returns (nil, err) with err a kafka.Error whose code is ErrTimedOut. A loop that
// leaves on any error therefore stops consuming at the first quiet period, and
// one whose error branch falls through uses a nil message (category
// nilmessage, below):
//
//	for run {
//		msg, err := c.ReadMessage(100 * time.Millisecond)
//		if err != nil {
//			return err // return on any error of c.ReadMessage, also on the ErrTimedOut it returns when no message arrives within 100ms (...)
//		}
//		process(msg)
//	}
//
// Why it matters: the timeout is not a failure, it only gives the loop a chance
// to look at its run flag or context; the consumer is fine. Returning, breaking
// out of the loop, log.Fatal, os.Exit or panic on it ends consumption (or the
// program) whenever a partition has nothing new for the length of the timeout,
// which in production is a matter of time. The library documents the timeout as
// a result, not an error condition ("Timeout is returned as (nil, err) where
// err.(kafka.Error).IsTimeout() == true", ReadMessage doc, v2.11.1).
// Tell it apart and go on:
//
//	for run {
//		msg, err := c.ReadMessage(100 * time.Millisecond)
//		if err != nil {
//			var kerr kafka.Error
//			if errors.As(err, &kerr) && kerr.IsTimeout() {
//				continue
//			}
//			return err
//		}
//		process(msg)
//	}
//
// # What is recognised
//
// The v1 (github.com/confluentinc/confluent-kafka-go/kafka), v2 and
// gopkg.in/confluentinc/confluent-kafka-go.v1 import paths, also vendored.
// A call of Consumer.ReadMessage, or of the ReadMessage method of an interface of
// the program with the consumer's signature (ReadMessage(time.Duration)
// (*kafka.Message, error), with the library's Message), whose error is assigned
// to a variable ("msg, err := c.ReadMessage(t)", also as the init of an if), in
// a for or range loop of the same function. The timeout is finite when it is a
// constant >= 0 or any other expression (a field, a parameter, a computed
// duration), except a variable of the package that only ever holds negative
// constants, and an unexported field that the package only ever sets to
// negative constants and sets in every composite literal of its struct (no
// new(T), no zero T declared: a zero timeout polls once). The error branch is the first "if err != nil" body, "if err == nil"
// else block, or "case err != nil" clause of a switch without tag after the call.
// Its statements are looked at in order: the first that leaves the loop is
// reported, unless a timeout check or a continue comes before it. Leaving is a
// return, a break out of the loop (an unlabelled break in a switch or select
// inside the loop only leaves those and is not), or a call that never returns:
// os.Exit, runtime.Goexit, panic, the Fatal and Panic functions and methods of
// log, zap, logrus, zerolog (log.Fatal().Msg(...)), klog and glog, klog's
// Exitf, testing's Fatal and FailNow, a method named Fatal, Fatalf, Fatalln,
// Fatalw, Panic, Panicf, Panicln or Panicw of the program's own logger
// interface, and a function of an analysed package (this one or another) with
// no path to a return (internal/noreturn's one list and facts, which revokecommit
// shares). A function named Fatal of a package that is neither listed nor
// analysed is taken to return.
//
// A timeout check is: a use of kafka.ErrTimedOut or kafka.ErrTimedOutQueue (as in
// kerr.Code() == kafka.ErrTimedOut, or a case of a switch on the code), a call of
// Error.IsTimeout, a call of any function or method whose name starts with "is"
// and mentions a timeout (isTimeout(err), os.IsTimeout), a string literal with
// "timed out", a call of a function of the package whose body holds one of
// those, or a call of an error classifier of another package whose body does
// (errs.Transient(err) checking kafka.ErrTimedOut: an exported function with
// an error parameter gets a TimeoutCheck fact). Any such check between the call and the exit silences the report, even
// one that would not work (os.IsTimeout does not know kafka.Error): the analyzer
// does not judge the check, only its absence.
//
// The nilmessage category looks at the same calls, "msg, err :=
// c.ReadMessage(t)" with any timeout, in or outside a loop: the first error
// branch after the call (as above) whose end can be reached, because its last
// statement does not return, continue, break, jump or exit (an if without
// else, a switch without default, a log call: a break in a switch clause
// leaves only the switch), and after that statement, in the same statement
// list, the first use of msg that needs a message: a field or method of msg
// (msg.Value, msg.TopicPartition), *msg, msg as an element given to append
// (a nil in the batch the caller reads), or msg sent on a channel. The
// statements in between must not read err again or mention msg, the
// statement of the use must not read err before the use or compare msg with
// nil (giving err a new value, v, err := decode(msg.Value), is no second
// look), and a switch whose error case follows a case on msg is not an error
// branch for this; a statement between them that always leaves ends the
// search. The message says when the branch only leaves on a timeout
// and the timeout is negative, so that the check never holds (matrixone's
// batch read: "if errors.As(err, &kafkaErr) && kafkaErr.Code() ==
// kafka.ErrTimedOut { break }" after ReadMessage(-1), then append).
//
// # Versions
//
// Every version returns ErrTimedOut from ReadMessage with a timeout >= 0 (0 polls
// once). A negative timeout waits forever: -1 is documented as "indefinite
// wait", and for any other negative value the Go client polls again until a
// message or an error arrives, never returning ErrTimedOut (ReadMessage in
// kafka/consumer.go of v1.4.0, v1.9.2 and v2.11.1). Error.IsTimeout exists from v2.0.2 on;
// every v1 release (v1.9.2 included) lacks it, and Code() == kafka.ErrTimedOut
// works on all of them. The fix uses whichever the linked library declares.
// The runtime proof shows both on every version it runs (docs/library-facts.md,
// F12; proof/RESULTS.md, scenario readtimeout): a quiet ReadMessage(200ms) returns
// nil and ErrTimedOut, and the next call reads the next message.
//
// Every version returns a nil message with an error event (kafka.Error) and with
// ErrTimedOut, and a non-nil message with an error only for a message whose
// TopicPartition.Error is set; v2 also returns nil on a closed consumer, and
// a PartitionEOF event never leaves ReadMessage (kafka/consumer.go of v1.4.0 to
// v2.15.0; docs/library-facts.md, F36). The runtime proof (scenario readerror)
// shows ReadMessage(-1) with all brokers down return nil with ErrTransport and
// then nil with ErrAllBrokersDown on every version, nil with
// ErrUnknownTopicOrPart for a missing topic on v2, and never a message with an
// error. nilmessage reports the same on every version.
//
// # Not reported
//
//   - a negative constant timeout (-1, -1 * time.Second), and a variable or an
//     unexported field that only holds negative constants;
//   - error branches that only log and continue, or fall through to the rest of
//     the iteration;
//   - exits under a further condition (if kerr.IsFatal() { return err }, a retry
//     counter, ctx.Err() != nil): they do not leave on any error;
//   - branches on err combined with something else (err != nil && !closing), and
//     error branches after a statement that may already end the iteration (if
//     msg == nil { continue }) or that assigns err again;
//   - loops that read a counted number of messages (a for loop whose condition
//     is i < n, len(msgs) < want or another ordering comparison, a range over
//     anything but a channel): there a timeout may mean the input is short, and
//     leaving is what the caller asked for;
//   - _test.go files: a test that fails when an expected message does not
//     arrive in time means it;
//   - ReadMessage outside a loop of its own function, such as a helper
//     "func (w *worker) next() (*kafka.Message, error)" whose caller loops: what
//     the caller does with the error is not followed;
//   - consumers behind an interface whose ReadMessage has another signature (an
//     adapter returning its own message type), and ReadMessage reached through a
//     function value.
//
// For nilmessage:
//
//   - uses guarded by msg != nil or msg == nil (in the use's statement or one
//     before it), and uses under a second look at err (if err == nil { ... });
//   - error branches that always leave the iteration or the function
//     (continue, return, break, log.Fatal, an if/else or a switch with default
//     whose every branch leaves), and "if err == nil { use(msg) }";
//   - msg handed to a function (process(msg)), returned, stored in a field, a
//     map or a slice element, or used inside a function literal: the callee or
//     the reader may check it;
//   - uses in the error branch itself, and uses before the error branch;
//   - _test.go files, as above.
//
// # Category timeoutexit
//
// An error branch that leaves the read loop on a timeout.
//
// # Category nilmessage
//
// The message of ReadMessage read, appended or sent after an error branch that
// falls through to it, where ReadMessage returns a nil message.
//
//	for i := int64(0); i < limit; i++ {
//		msg, err := c.ReadMessage(-1)
//		if err != nil {
//			var kerr kafka.Error
//			if errors.As(err, &kerr) && kerr.Code() == kafka.ErrTimedOut {
//				break
//			}
//		}
//		messages = append(messages, msg) // msg appended to messages on an error of c.ReadMessage: the error branch falls through to it on any error but ErrTimedOut, which ReadMessage(-1) never returns, and ReadMessage returns a nil message with an error event (kafka.Error) such as all brokers down (a nil *kafka.Message in messages)
//	}
//
// Leave the iteration on the other errors (return the error, or log and
// continue), or use the message only under err == nil.
//
// # Fix and suppression
//
// nilmessage has no fix: whether to return the error, log it and continue, or
// retry is the program's choice, and a continue may skip work the rest of the
// iteration does for every read.
//
// The fix inserts the timeout check that continues the loop at the start of the
// error branch, with errors.As (errorlint accepts it, and it keeps working if the
// error is ever wrapped): kerr.IsTimeout() where the linked library has it, else
// kerr.Code() == kafka.ErrTimedOut. It adds the "errors" import when the file
// lacks it, and picks a variable name that is not in use. There is no fix when the
// file does not import the library (a consumer behind an interface declared
// elsewhere) or "errors" names something else there.
//
// A loop that drains a topic and is meant to stop at the first quiet period
// ("read until nothing comes for 5s") is reported too: it also takes every
// other error for the end of the input. Tell the timeout apart and break on it
// explicitly, or suppress the report.
//
// Suppress one report with a "//kafkalint:ignore readtimeout reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -readtimeout=false.
package readtimeout
