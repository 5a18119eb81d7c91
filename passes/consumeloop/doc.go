// Package consumeloop defines an Analyzer that reports sarama
// ConsumerGroup.Consume calls that run once instead of in a loop.
//
// # Analyzer consumeloop
//
// consumeloop: check that sarama ConsumerGroup.Consume runs in a loop
//
// Reports ConsumerGroup.Consume calls that are not in a loop, directly or up
// the package's call chain: Consume returns at the end of each session, and
// the consumer then stops consuming without an error.
//
// Consume runs one consumer group session. Under the default (eager)
// rebalance strategy a session ends at every rebalance, which any member
// joining or leaving the group starts, and Consume returns; sarama's
// documentation asks for it to be called "inside an infinite loop"
// (docs/library-facts.md, S4):
//
//	func main() {
//		...
//		if err := group.Consume(ctx, topics, handler); err != nil { // group.Consume is not called in a loop (...)
//			log.Fatal(err)
//		}
//	}
//
// Call it again until the context is done:
//
//	for {
//		if err := group.Consume(ctx, topics, handler); err != nil {
//			log.Printf("consume: %v", err)
//		}
//		if ctx.Err() != nil {
//			return
//		}
//	}
//
// # What is recognised
//
// Both import paths, github.com/IBM/sarama and github.com/Shopify/sarama, also
// vendored. The calls are those of ConsumerGroup.Consume, and of a Consume
// method with its signature on an interface of the program's own (a wrapper's
// interface that a sarama.ConsumerGroup implements). A call is in a loop when its block is on
// a cycle of its function's control flow (for, range, goto). When it is not,
// the function is followed up to its callers in the package (on its SSA form):
// the call is reported when some chain of calls, none in a loop, reaches it
// from main, init, or a function literal called in place (go func() { ... }())
// or given to a call that runs it once (sync.WaitGroup.Go, errgroup.Group.Go
// and TryGo) in such a function, or from a function literal stored in a
// command's run field (a command-line program runs a command once): the Run,
// RunE and pre- and post-run fields of cobra's Command, the Action, Before and
// After of urfave/cli's Command and App (v2, and v3's Command), as a CLI's
// consume command does (kaf v0.2.3's consume -g). The report is at the Consume
// call, with the outermost call of the chain (or the command's literal) as
// related location. An exported function of the package
// that runs Consume once gets a fact (ConsumesOnceFact), and its calls in
// other packages are checked in the same way (a Run(ctx) wrapper called once
// from another package's main).
//
// # Not reported
//
//   - a Consume whose handler is of a type of the package whose ConsumeClaim
//     never uses its claim: that session reads no message and runs once on
//     purpose, for its Setup or Cleanup (an offset-reset command joins the
//     group once and commits the offsets asked for in Setup, as kaf group
//     commit does);
//   - packages that use sarama's cooperative strategy
//     (NewBalanceStrategyCooperativeSticky, from IBM/sarama v1.61): there,
//     Consume lasts across rebalances;
//   - functions called from where the package cannot see: exported functions
//     without a caller here (they get the fact instead), methods that may be
//     called through an interface, functions used as values (stored in a
//     field other than a command's run field, or in a map, passed to other
//     functions than the ones above: a program that picks what to run from a
//     map of functions, a supervisor that restarts what returns, a retry
//     helper), unexported functions not called in the package;
//   - a cooperative strategy set in another package's configuration;
//   - packages with type errors (no SSA form).
//
// # Category consumeonce
//
// A Consume call, or a call of a function of another package that runs one
// session, outside any loop.
//
// # Fix and suppression
//
// No fix: how to end the loop (the context, a signal, an error) is the
// program's.
//
// Suppress one report with a "//kafkalint:ignore consumeloop reason" comment
// on the line, or "//nolint:kafkalint" under golangci-lint; disable the
// analyzer with -consumeloop=false.
package consumeloop
