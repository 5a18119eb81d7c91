// Package nocommit defines an Analyzer that reports sarama consumer groups
// with auto commit turned off in programs that never commit.
//
// # Analyzer nocommit
//
// nocommit: report sarama consumers with auto commit off that never commit
//
// Reports NewConsumerGroup and NewClient calls whose configuration has
// Consumer.Offsets.AutoCommit.Enable set to false, in a package where nothing,
// and in no package it imports, calls ConsumerGroupSession.Commit or
// OffsetManager.Commit; and ConsumerGroupSession.Commit calls in a program
// that never marks an offset.
//
// With auto commit off, marking an offset (MarkMessage, MarkOffset) only
// records it: marked offsets are sent to the broker by Commit alone, and
// those still uncommitted when a partition is revoked or the session ends are
// discarded (docs/library-facts.md, S5). A program that marks and never
// commits commits nothing: every restart and rebalance resumes from the last
// committed offset, or from Consumer.Offsets.Initial when there is none
// (OffsetNewest by default: what was produced while the group was down is
// skipped).
//
//	cfg := sarama.NewConfig()
//	cfg.Consumer.Offsets.AutoCommit.Enable = false
//	group, err := sarama.NewConsumerGroup(brokers, "billing", cfg) // sarama.NewConsumerGroup gets a configuration with ... false and nothing in the program calls session.Commit() (...)
//
// Commit after marking, per message or per batch in ConsumeClaim, or in
// Cleanup:
//
//	sess.MarkMessage(msg, "")
//	sess.Commit()
//
// # What is recognised
//
// Both import paths, github.com/IBM/sarama and github.com/Shopify/sarama, also
// vendored. The configuration argument and the stores of false into its
// AutoCommit.Enable are matched on the package's SSA form (internal/valueflow):
// a config from sarama.NewConfig() set in place, in a helper of the package
// that returns it or is given it, or in a struct field; the stored value is
// traced to the constant false (a variable or a branch that may hold true
// keeps the call silent). An exported function that returns such a config
// gets a fact (AutoCommitOffFact), and a group built in another package from
// its result is reported there. A package that calls Commit gets a package
// fact (CommitsFact), and a package that imports one, directly or not, is
// not reported: the handler may live there.
//
// # Not reported
//
//   - any Commit call in the package or in a package it imports, on any
//     session or offset manager: whether it commits the right group's offsets
//     is not checked;
//   - handlers in packages this one does not import (a program that wires
//     them from a third package);
//   - settings from flags, environment variables or files, and configs from
//     functions of other packages without the fact;
//   - packages with type errors (no SSA form).
//
// Commit sends the marked offsets only (docs/library-facts.md, S5): a
// session.Commit() in a package where nothing, and no package it imports,
// calls MarkMessage, MarkOffset or ResetOffset commits nothing. A package
// that marks gets a package fact (MarksFact).
//
// # Category nocommit
//
// A consumer group or client with auto commit off in a program without Commit.
//
// # Category nothingmarked
//
// A session's Commit in a program that never marks.
//
// # Fix and suppression
//
// No fix: where to commit (per message, per batch, in Cleanup) depends on the
// program's delivery needs.
//
// Suppress one report with a "//kafkalint:ignore nocommit reason" comment on
// the line, or "//nolint:kafkalint" under golangci-lint; disable the analyzer
// with -nocommit=false.
package nocommit
