// Package asyncmark defines an Analyzer that reports sarama offsets marked by
// goroutines and callbacks that may outlive the claim they belong to.
//
// # Analyzer asyncmark
//
// asyncmark: report sarama marks that may come after ConsumeClaim returns
//
// Reports goroutines started in ConsumeClaim (or in Setup) and callbacks it
// hands on that call MarkMessage or MarkOffset, when neither ConsumeClaim nor
// the handler's Cleanup waits for anything: a mark made after the session released the
// partition is dropped without an error, and the message is delivered again.
//
// A session's marks go to its partition offset managers, which the session
// releases when it ends (after every ConsumeClaim has returned and Cleanup
// has run, with the final commit); a mark for a released partition finds no
// offset manager and is ignored (docs/library-facts.md, S6). sarama asks
// handlers to finish processing and mark within the rebalance timeout, before
// ConsumeClaim returns or in Cleanup:
//
//	func (h *handler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
//		for msg := range claim.Messages() {
//			go func(m *sarama.ConsumerMessage) { // goroutine started in (*handler).ConsumeClaim marks offsets and ConsumeClaim does not wait for it (...)
//				process(m)
//				sess.MarkMessage(m, "")
//			}(msg)
//		}
//		return nil
//	}
//
// The runtime proof shows both forms on every sarama version it runs:
// workers that mark a second after ConsumeClaim handed them the message
// (markafter), and an ack callback attached to the message and sent to the
// application over a channel, called a second later (callbackmark); when
// ConsumeClaim returned at once, nothing was committed and a restart re-read
// every message, and when it waited for them, all were committed.
//
// Wait for the goroutines (a sync.WaitGroup) before returning, or in Cleanup.
// (Marks made out of order by concurrent goroutines have another problem:
// MarkOffset only moves forward, so a later message marked first commits the
// earlier ones that are still being processed.)
//
// # What is recognised
//
// Both import paths, github.com/IBM/sarama and github.com/Shopify/sarama, also
// vendored. In a ConsumeClaim method with the signature of sarama's
// ConsumerGroupHandler, and in the functions of the package it runs before it
// returns (return h.consume(sess, claim)): go statements whose function (a
// literal, or a function or method of the package) calls
// ConsumerGroupSession.MarkMessage or MarkOffset, itself, through functions
// of the package it calls, or through a function of another package whose
// fact (MarksFact: exported for a function that takes a session and marks on
// it, an ack helper of a shared library) says it marks; and function literals
// that call them and are passed to a function of another package or through
// an interface, sent on a channel or put in a composite literal (an ack
// callback attached to the message). A function of another package that
// runs the literal before it returns does not hand it on: one whose fact says
// so (InPlaceFact, exported for a function of a package that uses sarama, a
// shared library's retry helper, that only calls the parameter, directly,
// deferred or through functions with the fact, and never stores, sends,
// returns or starts it in a goroutine), or a listed retry helper of a library
// that does not use sarama (cenkalti/backoff/v4's Retry and RetryNotify
// functions, dapr/kit's retry.NotifyRecover), or sync.Once's Do method, which
// calls its function, if at all, before it returns (an ack made at most once:
// once.Do(func() { sess.MarkMessage(m, ""); close(acked) })). The handler waits when ConsumeClaim, the
// helper that starts the goroutine or hands the callback on, or the Cleanup
// method of its receiver's type, calls any method named Wait (sync.WaitGroup,
// errgroup.Group). It also waits when the literal (a callback, or a
// goroutine's function literal) signals after its last mark, closing a
// channel or sending on it (or closing it in a deferred call), and the
// function it is in (ConsumeClaim, or the per-message helper it runs)
// receives from that channel (the same variable, or the same field of the
// same variable) after the literal and inside the loop the literal is in: a
// receive, or a select without a default whose cases are all receives (a
// pub/sub library's subscriber waiting for the application's ack, with the
// session's Done: leaving when the session ends is right, the mark would be
// dropped anyway and the message is delivered again). A subscriber that
// waits for an acked channel and marks itself (watermill-kafka's
// processMessage: the message's Ack only closes the channel) has no
// goroutine or callback that marks, and is not reported.
//
// A goroutine started in the handler's Setup (or a function Setup runs) that
// marks, an ack loop fed by ConsumeClaim, runs through the whole session and
// outlives every ConsumeClaim: it is reported unless Cleanup calls a Wait
// method or receives from a channel (a done signal), since its last marks
// otherwise come after the session released the partitions.
//
// # Not reported
//
//   - handlers that call a Wait method in ConsumeClaim or Cleanup, whatever
//     they wait for;
//   - a select on the acked channel whose other cases are receives that can
//     come first, a timer's as well as the session's Done (the select is
//     taken as the wait); a signal and a receive are matched by the
//     variable or field, not followed through parameters, other functions
//     or assignments;
//   - goroutines started elsewhere (in main: a worker pool fed by the claim
//     loop), and marks through functions of other packages without the fact
//     (an interface method, a function value);
//   - literals called in place, assigned to variables, or given to functions
//     of the package, or to functions of other packages that run them in
//     place (InPlaceFact, or listed: backoff.Retry, retry.NotifyRecover,
//     sync.Once.Do),
//     unless the call is a go statement's;
//   - literals given to the retry helpers of other libraries that do not use
//     sarama and are not listed: reported as handed on (kafkalint does not
//     analyse such packages);
//   - packages with type errors where the calls cannot be resolved.
//
// # Category goroutinemark
//
// A goroutine started in ConsumeClaim that marks, not waited for.
//
// # Category callbackmark
//
// A callback handed on by ConsumeClaim that marks, not waited for.
//
// # Fix and suppression
//
// No fix: how to wait depends on the program.
//
// Suppress one report with a "//kafkalint:ignore asyncmark reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -asyncmark=false.
package asyncmark
