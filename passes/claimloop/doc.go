// Package claimloop defines an Analyzer that reports sarama consumer group
// claim loops that do not end when the claim's channel is closed or the
// session ends.
//
// # Analyzer claimloop
//
// claimloop: check that sarama claim loops end with the claim and the session
//
// Reports receives from a ConsumerGroupClaim's Messages() channel that do not
// check whether the channel is closed, checks that receive again or stop the
// whole consumer, receives from a PartitionConsumer's Messages() channel that
// do not check or check and receive again, ConsumeClaim loops that may
// block and never watch the session's Context().Done(), and dispatcher
// goroutines that hand a claim's messages to a wrapped handler with a send
// that outlives it.
//
// sarama closes a claim's Messages() channel when the claim is released: when
// the session ends (every rebalance under the default eager strategy), when a
// cooperative rebalance revokes the partition, or when the consumer group is
// closed (docs/library-facts.md, S1). A receive from a closed channel yields
// nil at once, forever. The single-value receive, the most common shape in
// public code, then hands nil to the processing (a nil dereference, and
// MarkMessage(nil) panics) or, where the nil is skipped, turns the loop into a
// busy loop that never returns (IBM/sarama #2477):
//
//	func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
//		for {
//			select {
//			case msg := <-claim.Messages(): // receive from claim.Messages() ... does not check for a closed channel
//				process(msg)
//				sess.MarkMessage(msg, "")
//			case <-sess.Context().Done():
//				return nil
//			}
//		}
//	}
//
// The runtime proof shows both when the channel closes while the session goes
// on (a partition consumer stopped by OFFSET_OUT_OF_RANGE): the nil
// dereference, and millions of receives in a few seconds from a loop that
// skips the nil or whose comma-ok check ends in a break that leaves only the
// select. Under IBM/sarama v1.61.1's cooperative-sticky strategy such a loop
// in a revoked claim spins until Consumer.Group.Rebalance.Timeout, when sarama
// reports ErrRebalanceTimedOut and cancels the member's whole session. At the
// end of a session the context is done and the channel is closed right after;
// a select that finds both ready picks either, so a loop that also selects on
// the context leaves there (the proof's eager rebalance: before a single
// receive from the closed channel), while one that does not spins and holds
// the rebalance until its member is evicted. The form of sarama's own example
// (examples/consumergroup) returns on both:
//
//	case msg, ok := <-claim.Messages():
//		if !ok {
//			return nil
//		}
//
// A closed claim is the end of the claim, not of the consumer: at every
// rebalance of an eager strategy each claim's channel closes while the group,
// and the context Consume was called with, go on, and Consume must be called
// again (docs/library-facts.md, S8). A closed branch that cancels the
// consumer's context, closes the group or exits stops a CLI's group consume at
// the first rebalance (the runtime proof's claimend/cancel-on-close):
//
//	case msg, ok := <-claim.Messages():
//		if !ok {
//			h.cancel() // ... stops the consumer, return nil instead
//			return nil
//		}
//
// The group-less consumer's PartitionConsumer closes its Messages() channel
// the same way: after AsyncClose or Close, and by itself when the broker
// reports the offset out of range, with the error only logged unless
// Consumer.Return.Errors is set (docs/library-facts.md, S7). A goroutine per
// partition that receives without the check (kaf's consume without a group,
// v0.2.3) dereferences the nil message:
//
//	go func(partition int32) {
//		pc, _ := consumer.ConsumePartition(topic, partition, offset)
//		for {
//			select {
//			case <-ctx.Done():
//				return
//			case msg := <-pc.Messages(): // ... does not check for a closed channel
//				handleMessage(msg)
//			}
//		}
//	}(partition)
//
// A rebalance waits for every ConsumeClaim to return; sarama's documentation
// asks handlers to return when the session's Context() is done, and a
// ConsumeClaim that has not returned within Consumer.Group.Rebalance.Timeout
// gets its member evicted, its final commits refused and its partitions
// processed again by the next owner (docs/library-facts.md, S2). The runtime
// proof shows it for a loop whose body blocks; a loop whose body does not
// block ends when the claim's channel is closed and released its claims at
// once, so only loops that may block are reported.
//
// A handler that wraps another (a tracing wrapper: otelsarama, dd-trace-go's
// contrib) may start a goroutine per claim that ranges over the claim and
// hands each message to the wrapped handler on a channel of its own, given
// to it as its claim's Messages(). sarama neither waits for nor stops that
// goroutine; when the wrapped handler returns on the session's context, as
// sarama's example does, while the goroutine holds a message, a plain send
// on an unbuffered channel never completes: the goroutine and its message
// (and its open span) are left for good, one per claim at every rebalance
// (docs/library-facts.md, S9; the runtime proof's dispatchleak):
//
//	func (w *dispatcher) Run() {
//		for msg := range w.claim.Messages() {
//			w.messages <- msg // send on w.messages ... blocks for good when the handler reading (*dispatcher).Messages() returns ...
//		}
//		close(w.messages)
//	}
//
// # What is recognised
//
// Both import paths, github.com/IBM/sarama and github.com/Shopify/sarama, also
// vendored. A receive is from a claim's channel when the channel is the result
// of ConsumerGroupClaim.Messages(): the call itself, or a value that may come
// from one through variables, fields and parameters of the package (traced on
// its SSA form, internal/valueflow), in any function, not only in ConsumeClaim.
// A receive is checked when the first statement after it that mentions the
// message (or ok) is an if statement on !ok, ok == false or msg == nil (also
// as an operand of ||), or on their converse with an else branch, whose
// branch for the closed channel ends in a return, a goto, a labelled break, a
// break directly in a for loop, or a call that does not return (the suite's one
// answer, internal/noreturn: panic, os.Exit, log.Fatal, the common loggers'
// Fatal, a function of the program that never returns).
// A comma-ok receive is checked too when that first statement hands ok to a
// function of the package (one call down) that returns an error other than
// nil on !ok before it uses the message, its first statement that mentions
// them being such an if, and leaves as above on that error: if err :=
// h.handle(msg, ok); err != nil { return err }, err := h.handle(msg, ok)
// followed by the if, or if h.handle(msg, ok) != nil { ... }; or that has a
// single bool result, returns true or false on !ok, and the if leaves on
// that value (if !h.process(msg, ok) { return nil }); the message handed to
// it only as it is (not msg.Value, which the caller dereferences). A helper
// more than one call down, that tells the closing by another result, or whose
// error the caller compares (errors.Is) rather than tests against nil is not
// followed: the receive is reported as unchecked.
// A range over the channel ends when it is closed and is not reported.
// A PartitionConsumer's channel is recognised the same way (the result of
// PartitionConsumer.Messages(), traced alike); a channel that may come from
// both is a claim's.
//
// The session check looks at each ConsumeClaim method with the signature of
// sarama's ConsumerGroupHandler, declared on a type of the program, whose
// body loops over the claim's channel (a range over it, or a for loop around a
// receive from it), or hands the claim or its channel to a function of the
// package that does, before it returns (return h.handle(sess, claim), also
// a few calls down: the report is at the helper's loop), or to a function of
// another package whose fact (BlockingLoopFact: exported for a function that
// loops over the claim it is given in a loop that may block, and never
// watches the session it is given) says so (the report is at the call), or
// runs the loop in a function literal it starts with a go statement and then
// waits, after that statement, outside function literals (a receive, a
// select without a default, sync.WaitGroup.Wait, time.Sleep: <-done, a sleep
// on a flag), where a blocked loop keeps ConsumeClaim from returning too (the
// report is at the goroutine's loop, the wait its second related position),
// and may block in that loop: a channel send, a receive from
// another channel, a select without a default that does not receive from the
// claim, time.Sleep or sync.WaitGroup.Wait; in the loop's body or in a
// function of the package that the body calls with the message or the
// session (an argument that is or is built from one:
// h.processMessage(ctx, msg, sess), h.consume(Message{msg, sess, done})),
// up to three calls down (the related position is then in the callee). That
// is watermill-kafka's shape before v3.0.6, whose processMessage waits on the
// output channel and on the message's Acked()/Nacked() with only the
// subscriber's closing channel and context as ways out, and dp-kafka v2's.
// It is silent when the method, or a function of the package it hands the
// session to, calls the session's Context() (a callee that selects on
// sess.Context().Done(), a loop that checks it between messages); and when
// it hands the session to code the package cannot see or stores it, except
// in an unexported field of a struct of the package that the package only
// calls sarama's session methods other than Context on (dp-kafka's
// SaramaMessage, whose Commit marks the message).
//
// The dispatcher check looks at each go statement in such a ConsumeClaim
// method's own body (not in its function literals) that starts a function or
// method of the package or a function literal, and, in that function, at a
// range over a claim's channel as above or over the result of a Messages()
// method of an interface of the program whose receiver may be a claim (traced
// on the SSA form: otelsarama keeps the claim behind such an interface). A
// send in the range's body, not a case of a select, is reported when its
// channel is a field that a method "Messages() <-chan *sarama.ConsumerMessage"
// of the package returns as it is, and every store of that field in the
// package is an unbuffered channel (make with no size or size 0).
//
// # Not reported
//
//   - range loops over the channel (they end when it is closed) and receives
//     checked as above, also through a helper given ok; a drain that discards
//     the message (case _, ok := <-claim.Messages(): if !ok { return nil });
//   - ConsumeClaim loops that never watch the session but do not block: they
//     end when the claim's channel is closed (the runtime proof's
//     claimctx/range-fast);
//   - receives from channels of *ConsumerMessage that come from neither a
//     claim nor a PartitionConsumer (a channel of the program's own, fed by
//     the claim loop);
//   - for closedpartition: receives in _test.go files (a test that receives
//     the messages it produced fails either way when the channel is closed:
//     a nil dereference instead of a failed assertion);
//   - for closedclaimstop: a stop under a condition in the closed branch
//     (ctx.Err() of the context given to Consume tells the consumer's end;
//     session.Context().Err() does not, being done at every eager rebalance
//     (the proof's claimend), but no condition is judged); a stop after a
//     range over the claim's channel or in a function the branch calls; a
//     returned error that the caller takes as fatal; a cancel func held in a
//     local variable of the function that receives or of a function that
//     takes a session or a claim, or in a field such a function assigns
//     (Setup's per-session context), which may be the claim's or the
//     session's own; a cancel func typed func() rather than
//     context.CancelFunc; runtime.Goexit and testing's FailNow;
//   - an operation that blocks in a callee the loop does not hand the
//     message or session to, more than three calls down, or in a goroutine
//     or function literal of the callee;
//   - a ConsumeClaim whose loop is in a goroutine it does not wait for after
//     starting it (what such a loop marks is asyncmark's question), in a
//     goroutine started on a named function (go h.loop(sess, claim)), in a
//     function literal it calls or hands on, or in a function of another
//     package without the fact, or that hands the
//     session to another package (other than to such a function), an
//     interface method or a function value;
//   - for dispatchleak: a send in a select (its other cases are ways out,
//     whatever they wait for); a channel made with a buffer (the send blocks
//     only once the buffer is full: not proven), stored from anything but
//     make, a local variable or a parameter rather than a field, or not
//     given out by a Messages() method of the package (the package reads it
//     itself, to its end); a dispatcher started from a function other than
//     ConsumeClaim, or through a function value;
//   - packages with type errors, where the channel is not the direct
//     claim.Messages() call (no SSA form).
//
// # Category closedclaim
//
// A receive from a claim's channel whose message is used without a check for
// the closed channel.
//
// # Category closedclaimspin
//
// A receive whose closed-channel check ends in continue, in a break that
// only leaves the enclosing select, or is an if with no else (if msg != nil
// { ... }): the loop receives nil again at once, and
// spins until the session's context is done, if it watches it (the runtime
// proof's claimclosed/ok-break and claimrevoked/ok-break).
//
// # Category closedclaimstop
//
// A check for a claim's closed channel whose branch, as one of its own
// statements, stops the whole consumer rather than the claim: a call of a
// context.CancelFunc held outside the handler (a field of the handler that no
// function taking a session or claim assigns, a package variable, or a
// variable captured from the function that runs the consumer), Close on the
// ConsumerGroup, or a call that does not return (os.Exit, log.Fatal, the
// loggers' Fatal, panic, a function of the program that never returns). The
// channel closes at every eager rebalance: the consumer stops at the first.
//
// # Category closedpartition
//
// A receive from a PartitionConsumer's Messages() channel (the group-less
// Consumer's) whose message is used without a check for the closed channel:
// after AsyncClose, Close or an offset out of range the receive yields nil
// (a nil dereference). Also, as for closedclaimspin, a check for the closed
// channel that ends in continue, in a break that only leaves the enclosing
// select, or is an if with no else: the loop receives nil again at once and
// spins (the report is at the continue, break or if, the receive its related
// position). A blank message (case _, ok := <-pc.Messages()) is not judged.
//
// # Category sessionblocked
//
// A ConsumeClaim loop that may block (the related position) and never watches
// the session's Context().Done(), also in a goroutine that ConsumeClaim starts
// and waits for. A blocked handler cannot return when the
// rebalance asks it to, and the member is evicted at
// Consumer.Group.Rebalance.Timeout.
//
// # Category dispatchleak
//
// A plain send on an unbuffered channel that a Messages() method of the
// package gives out, in a goroutine that ConsumeClaim starts and that ranges
// over the claim: when the handler reading that Messages() returns on the
// session's context before it takes the message, the goroutine is left
// blocked for good. The go statement is the related position.
//
// # Fix and suppression
//
// For closedclaim and closedpartition, when the receive defines the message with := (msg :=
// <-claim.Messages(), or the same as a select case) in a function that
// returns nothing or one error and has no identifier ok, the fix receives
// with comma-ok and inserts "if !ok { return nil }" (or "return") after it.
// For closedclaimspin, and closedpartition's spinning checks, the fix replaces
// the continue or break with that return;
// when the check is an if with no else (if msg != nil { ... }), it inserts
// "if msg == nil { return nil }" ("if !ok" in the comma-ok form) right after
// the receive, and keeps the if and whatever the loop does around it (a
// Lock before it and an Unlock after it).
// closedclaimstop has no fix: what the branch meant to stop is the
// program's (removing the call and returning nil is the usual answer).
// The session check has no fix: where to select on the context depends on the
// loop. dispatchleak has no fix: the dispatcher may have no session at hand
// (otelsarama's keeps only the claim), and what it should wait for is the
// wrapper's.
//
// Suppress one report with a "//kafkalint:ignore claimloop reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -claimloop=false.
package claimloop
