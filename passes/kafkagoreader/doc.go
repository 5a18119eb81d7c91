// Package kafkagoreader defines an Analyzer that reports kafka-go readers
// configured to read less than the program means.
//
// # Analyzer kafkagoreader
//
// kafkagoreader: report kafka-go readers that read less than meant
//
// Reports, for github.com/segmentio/kafka-go, a kafka.NewReader whose
// ReaderConfig has neither GroupID nor Partition, one with StartOffset but no
// GroupID, and CommitMessages on a reader without GroupID (or SetOffset and
// ReadLag on one with it) whose error is ignored.
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
// errNotAvailableWithGroup): with the error ignored, nobody notices.
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
// anything but FirstOffset. The reader a method is called on is traced to its
// NewReader call the same way.
//
// # Not reported
//
//   - configurations that come from where the package cannot see (another
//     package's function, a parameter of an exported function) or whose
//     address is given away (a function may set fields through it);
//   - readers with GroupTopics;
//   - the group-only calls whose error the program uses.
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
// # Fix and suppression
//
// No fix is offered: whether the reader should join a group or read one
// partition is the program's choice. Suppress one report with a
// "//kafkalint:ignore kafkagoreader reason" comment on the line, or
// "//nolint:kafkalint" under golangci-lint; disable the analyzer with
// -kafkagoreader=false.
package kafkagoreader
