// Package readtimeout defines an Analyzer that reports confluent-kafka-go read
// loops that stop consuming when ReadMessage merely times out.
//
// # Analyzer readtimeout
//
// readtimeout: check that read loops go on when ReadMessage times out
//
// ReadMessage(timeout) waits at most timeout for a message, and when none comes it
// returns (nil, err) with err a kafka.Error whose code is ErrTimedOut. A loop that
// leaves on any error therefore stops consuming at the first quiet period:
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
// inside the loop only leaves those and is not), os.Exit, runtime.Goexit, panic,
// a function or method named Fatal, Fatalf, Fatalln, Fatalw, Panic, Panicf,
// Panicln or Panicw of any package (log, logrus, zap, klog; zerolog's
// log.Fatal().Msg(...)), testing's FailNow, and a function of the package that
// ends in one of those at its top level before any return.
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
// # Category timeoutexit
//
// An error branch that leaves the read loop on a timeout.
//
// # Fix and suppression
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
