// Package markoffset defines an Analyzer that reports sarama MarkOffset calls
// given a consumed message's own offset instead of the offset of the next
// message.
//
// # Analyzer markoffset
//
// markoffset: check that sarama MarkOffset calls mark past the message
//
// Reports ConsumerGroupSession.MarkOffset calls whose offset is a consumed
// message's Offset as is: the group resumes at the marked offset, so that
// message is delivered again after every restart or rebalance.
//
// The offset a consumer marks is the offset of the next message to read
// (docs/library-facts.md, S3): MarkOffset's documentation asks to "add one to
// the offset of the last consumed message", and MarkMessage does it:
//
//	for msg := range claim.Messages() {
//		process(msg)
//		sess.MarkOffset(msg.Topic, msg.Partition, msg.Offset, "") // sess.MarkOffset marks the offset of message msg itself (...)
//	}
//
// Mark with the message instead:
//
//	sess.MarkMessage(msg, "")
//
// # What is recognised
//
// Both import paths, github.com/IBM/sarama and github.com/Shopify/sarama, also
// vendored. The offset argument is followed on the package's SSA form
// (internal/valueflow): through local variables, branches, struct fields of the
// package (a batch's last message kept in a field or variable), closures, and
// parameters of the package's functions to the arguments of their calls (a
// helper mark(sess, topic, partition, offset) is reported at its MarkOffset,
// with the caller's msg.Offset as related location). The offset is a
// message's own when one of its traced sources is the Offset field of a
// *sarama.ConsumerMessage that the program did not build: one received from a
// claim, a parameter, a field or a channel. An exported function that passes
// one of its parameters as is as MarkOffset's offset gets a fact
// (MarksParamFact), and its calls in other packages that give it a consumed
// message's Offset are reported there (ack helpers of a shared package).
//
// # Not reported
//
//   - MarkMessage, and offsets with anything added (msg.Offset+1);
//   - ResetOffset with a message's own offset: that asks for the message
//     again, which is what it is for;
//   - packages that write a ConsumerMessage's Offset anywhere (msg.Offset++):
//     their offsets are the program's own;
//   - messages the program builds (&sarama.ConsumerMessage{...}, new, a zero
//     variable);
//   - offsets from maps, slices' elements, channels of offsets, function
//     values and other packages' functions, and helpers of another package
//     that mark a field of a struct they are given (not recognised yet);
//   - packages with type errors (no SSA form).
//
// # Category markoffbyone
//
// MarkOffset of a consumed message's own offset.
//
// # Fix and suppression
//
// When the call is MarkOffset(m.Topic, m.Partition, m.Offset, md) with m a
// *sarama.ConsumerMessage, the fix replaces it by MarkMessage(m, md), which
// marks the same partition at m.Offset+1. When the offset argument is another
// m.Offset, the fix adds +1 to it. An offset computed elsewhere (a variable,
// a helper's parameter) and a call of another package's helper are reported
// without a fix: add 1 where the offset is built.
//
// Suppress one report with a "//kafkalint:ignore markoffset reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -markoffset=false.
package markoffset
