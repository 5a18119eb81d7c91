// Package revokecommit defines an Analyzer that reports confluent-kafka-go
// RevokedPartitions handlers that give partitions up without first committing and
// invalidating the offsets the application stored.
//
// # Analyzer revokecommit
//
// revokecommit: check that RevokedPartitions handlers commit before Unassign
//
// Reports Unassign and IncrementalUnassign calls in RevokedPartitions handlers that
// are not preceded, on every path, by a commit and an invalidation of the stored
// offsets, on consumers with auto commit on and enable.auto.offset.store=false, when
// the library is before v1.9.0 or its version is unknown: the group's committed
// offset can go backwards (confluent-kafka-go #209). On every version, also
// reports those not preceded by a commit on consumers with auto commit off that
// commit only every N messages (category revokenocommit).
//
// A consumer that lets librdkafka auto-commit (enable.auto.commit, on by default)
// but stores offsets itself (enable.auto.offset.store=false) must, when it handles a
// revoke, commit and invalidate its stored offsets before it calls Unassign or
// IncrementalUnassign:
//
//	c, _ := kafka.NewConsumer(&kafka.ConfigMap{
//		"group.id":                 "orders",
//		"enable.auto.offset.store": false,
//	})
//	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
//		switch e := ev.(type) {
//		case kafka.RevokedPartitions:
//			return c.Unassign() // c.Unassign in RevokedPartitions handler is not preceded on every path by a commit and an invalidation of stored offsets (...)
//		}
//		return nil
//	})
//
// Why it matters: this is confluent-kafka-go issue #209 (librdkafka #2782, #2948).
// Before v1.4.2, stored offsets survive Unassign; when the partition comes back to
// this consumer, possibly after another group member has moved it forward, the
// auto-committer commits the stale offset and the group's committed offset goes
// backwards: messages are processed again. From v1.4.2 to v1.8.2 Unassign clears
// the stored offsets, but offsets stored after the revoke (by goroutines still
// processing messages of the revoked partitions) are accepted and committed later,
// with the same result; the handler must also stop that work first. v1.9.0 fixed
// both: stores for unassigned partitions fail with ErrState and Assign clears
// stored offsets. The diagnostic says which case applies to the version in use.
// The runtime proof (proof/RESULTS.md, librdkafka's mock cluster) measured it:
// with stores on the polling goroutine only, Unassign alone rewinds on v1.4.0 and
// on no later version, and commit + invalidate stops it; with a worker that
// stores after the revoke, every version before v1.9.0 rewinds, with or without
// commit + invalidate, and only waiting for the worker before the commit stops
// it. So on an exact version from v1.4.2 to v1.8.2 the report needs a store of
// the consumer's offsets on a goroutine the package starts, and where there is
// one (on any version before v1.9.0) the handler must wait for it (category
// nowait) and no fix is offered.
//
// The fix offered where the stores happen on the polling goroutine:
//
//	case kafka.RevokedPartitions:
//		if _, err := c.Commit(); err != nil {
//			var kerr kafka.Error
//			if !errors.As(err, &kerr) || kerr.Code() != kafka.ErrNoOffset {
//				return err
//			}
//		}
//		revoked := make([]kafka.TopicPartition, len(e.Partitions))
//		for i, tp := range e.Partitions {
//			tp.Offset = kafka.OffsetInvalid
//			revoked[i] = tp
//		}
//		if _, err := c.StoreOffsets(revoked); err != nil {
//			return err
//		}
//		return c.Unassign()
//
// # What is recognised
//
// The v1 (github.com/confluentinc/confluent-kafka-go/kafka), v2 and
// gopkg.in/confluentinc/confluent-kafka-go.v1 import paths, also vendored.
// Handlers are type-switch cases on kafka.RevokedPartitions and
// "if e, ok := ev.(kafka.RevokedPartitions); ok" blocks, wherever the event comes
// from (a rebalance callback passed to Subscribe or SubscribeTopics as a function
// literal, named function or method value; Poll; Events). A commit is a call of
// Commit or CommitOffsets; an invalidation is a StoreOffsets call whose argument
// holds kafka.OffsetInvalid, or that follows a use of kafka.OffsetInvalid in the
// same function (one call for all the revoked partitions, or one per partition
// in a loop over them). A wait (needed only where workers store offsets, see
// nowait) is a Wait of a sync.WaitGroup or of a goroutine group (an
// errgroup.Group, or any type of that shape: a Go method that takes a func()
// or func() error and a Wait method without parameters, such as a team's own
// in another package), or a receive from a channel ("<-w.done"). Each must
// happen on every path from the entry of the handler's function to the
// Unassign: a commit in one branch only is not enough. Functions the handler
// calls count: helpers that wait, commit or invalidate on every path, and
// helpers that call Unassign themselves, in the same package or in another one
// (through facts); a helper of another package that takes an interface of its
// own (a Committer) rather than *kafka.Consumer commits when it calls a method
// with the name and signature of a consumer method that commits; a call of a
// function value (a hook field set to a method value) does what every function
// it may hold does. A function literal counts where it runs: called on the
// spot ("func() { ... }()"), or passed to a function of the same package that
// calls that parameter on every path to its return, itself or through another
// such function (a retry helper: "withRetry(func() error { _, err :=
// c.Commit(); return err })"; the paths are those described below, so a
// counted retry loop runs it). A literal that is only stored, started with go
// or deferred, or passed to a function that may not call it ("for
// ctx.Err() == nil { f() }") does nothing there.
//
// Paths that do nothing because there is nothing to do do not count as paths
// where the work was skipped: the exit of a range loop or of a counted loop
// ("for i := 0; i < n; i++", a bounded retry) taken before the first
// iteration (with no revoked partition, no worker, there is nothing to
// invalidate or wait for; a retry tries at least once), the false edge of a
// guard "if len(offsets) > 0 { commit }" without an else, and the returns of
// "if len(offsets) == 0 { return }" in a helper. A loop whose condition may be
// false at once ("for pending() { ... }") and a guard on anything else still
// skip the work.
//
// Consumer calls are recognised on a *kafka.Consumer, on an interface of the
// program's own that holds one (a small client interface that tests fake), and
// on an adapter struct that embeds one; an adapter's own override of a method
// is followed like a helper. The receiver of Unassign is traced, on the SSA form
// of the package (internal/valueflow), to the NewConsumer calls it may be:
// through locals, phis, struct fields (of generic structs too: a Consumer[M]
// subscribed by its generic Run with the method value c.rebalance), closures,
// parameters, the callback's
// *Consumer (also through middleware that wraps the callback and calls it),
// interfaces and constructors called through function values. A constructor
// that several callers share (a function that takes the ConfigMap, an options
// method that writes settings and creates the client through a function-typed
// field whose default calls NewConsumer) is resolved per caller: the
// consumer a handler's receiver comes from is judged with the configuration
// built by the calls that led to it, up to three calls deep, so that a
// library's single and batch consumers are each judged by their own
// constructor. Consumers made by a wrapper of another package (a tracing
// integration's NewConsumer(conf, opts...) returning a struct that embeds
// *kafka.Consumer) are made from the caller's ConfigMap (a ConsumerFact on
// the wrapper), and calls of the methods it promotes are the consumer's. The
// report needs one of them to be proved risky on its default configuration:
// enable.auto.offset.store false, and stored offsets committed either by the
// auto-committer (enable.auto.commit true or absent, auto.commit.interval.ms
// not read as 0: "0ms" and " 0" are 0, as librdkafka reads them) or by an offset-less Commit() the program calls on that consumer, on
// a library version before v1.9.0 or unknown. Configurations are resolved from
// literals, SetKey, Set and index writes anywhere in the package, helpers of
// this and other packages (facts: a helper that returns a ConfigMap, and one
// that writes settings into the ConfigMap it is given), options applied
// through function values that can be one function only
// (withManualCommit()(cm)), and settings structs rendered into a ConfigMap in
// another package and filled in here (a field, its negation !s.ManualStore,
// or its comparison with a constant s.CommitIntervalMs > 0, evaluated on the
// constant stored here). A write that happens only on some paths (an option
// function the caller may apply, a branch) is not part of the default
// configuration; when it would make the consumer safe, the report points at
// it. A receiver that cannot be traced is not reported (one
// policy for every analyzer, see internal/valueflow).
//
// The library pattern: when the handler's package gets its consumer, or the
// ConfigMap it is made from, from its caller (a parameter of an exported
// function, an exported field of an exported struct such as a Config the
// caller fills in, the parameter of a functional option like WithConfig(cfg)
// whose closure stores it where the library reads it), the handler's package
// exports a Handover fact, and the calling package is reported where it hands
// over a risky configuration or consumer, with the handler named in the
// message and its Unassign as related information. A caller that only passes its own parameter on passes the fact on.
// Facts name the Unassign's file by its package's import path and base name,
// never by absolute path, so that they do not change with the directory of
// the checkout (go vet and nogo cache facts).
//
// Dependency-injection wiring: a provider in another package that returns a
// consumer (func ProvideConsumer(...) (*kafka.Consumer, error), or a wrapper
// that embeds one) carries the configuration it makes the consumer with as
// a ConsumerFact (settings written on some paths only kept apart),
// resolved as that function makes it: a settings struct that another
// package's function or method returns, changed by the provider and
// rendered by another package's method (s := settings.Default();
// s.AutoOffsetStore = false; kafka.NewConsumer(s.ConfigMap()): each field is
// the last value stored into it on every path before the render, or the
// constant the returning function's SettingsFact gives), or a constructor
// shared with the package's other providers (a function-typed field, a
// provider closure, a tracing wrapper's NewConsumer), resolved for this
// provider; a provider that renders the settings struct or makes the
// consumer from the ConfigMap that another provider gives the injector
// (func ProvideConsumer(s settings.Consumer), or (cm *kafka.ConfigMap)) is
// resolved where the wiring calls it, with what the wiring hands it. Where the wiring, written by hand or generated (wire's
// injector), hands that consumer to a library whose handler unassigns (a
// Handover fact on the parameter), the wiring is reported at that call,
// with the provider's setting (on its line in the provider's file when the
// file is known) and the handler's Unassign as related information. This
// report is made in generated files too, where kafkalint drops every other
// report (nobody edits them): the generated injector is the only place where
// the provider's consumer and the handler meet, so no other report would
// show the problem, and the fix, in the provider's configuration or the
// handler, is where the related positions point. staticcheck decides the
// same way per check (its report.FilterGenerated drops simplifications and
// style reports in generated files, not most bug reports); go vet drops
// nothing. //kafkalint:ignore directives in generated files are not read:
// fix the provider or the handler, or turn the analyzer off.
// A handler in one package whose consumer is built in another is reported
// where the callback is registered.
//
// Paths that fail do not reach the Unassign of a caller that checks the error:
// returns of a non-nil error inside "if err != nil" branches (nested, wrapped
// with fmt.Errorf, after errors.As) do not count, nor paths through a call
// that never returns (panic, os.Exit, runtime.Goexit, log.Fatal, the Fatal and
// Panic functions and methods of zap, logrus, zerolog, klog and glog, a Fatal
// method of the program's own logger interface, and functions of the analysed
// packages that never return, in this package or another: internal/noreturn's
// one list and facts).
//
// The version is the module version of the linked confluent-kafka-go. Without
// module information (GOPATH, some Bazel setups) only the v2 import path proves
// v1.9.0 semantics. Builds with -tags dynamic, and every release before v1.4.0
// (which bundled no librdkafka), link the system librdkafka: kafkalint assumes it
// is as old as the client, and says which client version its message is about.
//
// # Not reported
//
//   - consumers whose configuration is not proved risky: auto commit off, offsets
//     stored automatically, or values that come from outside (flags, files, env);
//     for revokenocommit, a consumer whose enable.auto.commit=false is not on
//     its default path (set by an option or a branch only);
//   - revokenocommit: a consumer that commits after every message it processes
//     (nothing processed is uncommitted when the revoke comes), one that commits
//     on a timer (a ticker case) or from a function literal or goroutine (where
//     and how often those run is not followed), a count test more than three
//     helpers up from the commit, and handlers that give the partitions up
//     without an Unassign or IncrementalUnassign call (a callback that returns
//     and lets the client unassign);
//   - library versions v1.9.0 and later, unless -revokecommit.allversions is set;
//   - paths inside an "if c.AssignmentLost()" branch: a lost assignment cannot be
//     committed, and other members already own the partitions;
//   - handlers of events from Poll on v1.6.1 and later, which never runs them
//     (Poll returns no rebalance events there; pollrebalance reports the dead case);
//   - Unassign outside a RevokedPartitions handler (for example before Close), and
//     handlers the analysis cannot attribute to a RevokedPartitions case, such as
//     the default case of a switch;
//   - receivers that cannot be traced to a construction site: a consumer from a
//     channel, a map or slice element, an exported package variable, or an
//     interface whose values come from another package without facts;
//   - a consumer whose construction the handler's receiver does not trace
//     through the calls that built it (a consumer kept in a field that every
//     constructor writes is judged by each of them); values are told apart by
//     call, not by object: a field of a struct that a test sets to a fake is
//     the fake or the real client wherever that struct type is used;
//   - helpers of other packages without facts are assumed to do nothing.
//
// # Category nocommit
//
// No commit on some path before the Unassign (and maybe no invalidation).
//
// # Category noinvalidate
//
// Committed, but the stored offsets are not invalidated.
//
// # Category nowait
//
// Committed and invalidated, but the consumer's offsets are also stored by
// goroutines the package starts (workers), and the handler does not wait for
// them before the commit. Workers are functions the package starts with a go
// statement or through the Go method of a goroutine group. Before v1.9.0 an
// offset such a worker stores after the revoke is accepted and committed later,
// and the commit and invalidation do not stop that (reproduced on librdkafka's
// mock cluster, docs/library-facts.md): the handler must first wait for the
// workers (a sync.WaitGroup or goroutine group Wait, a receive from a channel
// they answer on, or a helper that does, such as a stop method that closes
// the job channel and waits, or a loop over the workers that receives from
// each one's done channel), or the library be upgraded. No fix is offered: which work to wait for is the program's
// choice. When the commit or the invalidation is missing too, the message of
// nocommit or noinvalidate says to wait first as well, and no fix is offered.
//
// # Category revokenocommit
//
// No commit before the Unassign, on a consumer with auto commit off that
// commits only every N messages: up to N-1 processed messages are delivered
// again after every rebalance, on every version.
//
// Reported: a consumer with enable.auto.commit=false that commits in its loop
// only every N messages (a Commit, CommitMessage or CommitOffsets call under a count test:
// "if n%100 == 0", "if len(batch) >= size", a counter that wraps at the
// interval and "if s.since == 0", in the loop or in a helper of the package it
// calls, up to three calls up), and whose RevokedPartitions handler calls
// Unassign or IncrementalUnassign without a commit on every path before it
// (a commit in the handler, or in a helper it calls, counts):
//
//	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "orders", "enable.auto.commit": false})
//	c.SubscribeTopics(topics, func(c *kafka.Consumer, ev kafka.Event) error {
//		if _, ok := ev.(kafka.RevokedPartitions); ok {
//			return c.Unassign() // c.Unassign in RevokedPartitions handler is not preceded on every path by a commit, on a consumer with enable.auto.commit=false that commits only when n % 100 == 0 (...)
//		}
//		return nil
//	})
//	for n := 1; ; n++ {
//		if m, ok := c.Poll(100).(*kafka.Message); ok {
//			process(m)
//			if n%100 == 0 {
//				c.Commit()
//			}
//		}
//	}
//
// With auto commit off librdkafka commits nothing on a revoke
// (docs/library-facts.md, F4 and F16): the messages processed since the last
// commit, up to N-1, are delivered again to the partitions' next owner after
// every rebalance. A Commit() in the handler before the Unassign commits them:
// the runtime proof (proof/RESULTS.md, revokenocommit) shows the redelivery on
// every version from v1.4.0 to v2.15.0 and the commit succeeding and stopping
// it on kfake, whose coordinator accepts a commit of the current generation
// while the group prepares the rebalance, as Apache Kafka's does (librdkafka's
// mock rejects it). Reported on every library version, with or without
// -revokecommit.allversions. The consumer's enable.auto.offset.store is not
// looked at; where it is false and the program's Commit() commits what it
// stored, nocommit reports the handler on the versions it applies to, and
// revokenocommit on the others.
//
// The fix inserts a Commit() before the statement with the Unassign, ignoring
// kafka.ErrNoOffset (nothing processed since the last commit) and handling
// other errors as described below. It is offered only in packages that start
// no goroutines: Commit() commits the offsets of every message the client
// has handed out, which a worker may still be processing.
//
// # Fix and suppression
//
// The suggested fix inserts, before the statement with the Unassign, what is
// missing of: Commit (ignoring kafka.ErrNoOffset, which only means nothing was
// stored), then StoreOffsets of the revoked partitions set to kafka.OffsetInvalid
// (the event's partitions, the IncrementalUnassign argument, or else the current
// Assignment). Errors are returned when the function returns only an error,
// handled like the Unassign's own error when it is checked with
// "if err := c.Unassign(); err != nil", and ignored otherwise.
//
// Suppress one report with a "//kafkalint:ignore revokecommit reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -revokecommit=false.
package revokecommit
