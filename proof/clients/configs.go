package main

import "strings"

// A target is one client module version the proof builds a program for.
type target struct {
	Client  string // scenario program: sarama, franzgo, kafkago
	Module  string // module path
	Version string
	Tags    string // build tags of its scenario program
}

// id names the target in tables and expected.json: "IBM/sarama@v1.61.1".
func (t target) id() string {
	return strings.TrimPrefix(t.Module, "github.com/") + "@" + t.Version
}

// dir is the target's directory under modules/.
func (t target) dir() string { return strings.ReplaceAll(t.id(), "/", "-") }

// targets are the oldest and newest versions of each client the proof runs: for
// sarama the last release under the old import path and the first and newest the
// module proxy serves under the new one (the newest built with the tag that
// turns on its cooperative strategy); for franz-go v1.7.0, the oldest release
// the proxy serves that has BlockRebalanceOnPoll, AutoCommitMarks and
// CloseAllowingRebalance; for kafka-go the oldest and newest v0.4 the proxy serves.
var targets = []target{
	{"sarama", "github.com/Shopify/sarama", "v1.38.1", ""},
	{"sarama", "github.com/IBM/sarama", "v1.40.1", ""},
	{"sarama", "github.com/IBM/sarama", "v1.61.1", "saramacoop"},
	{"franzgo", "github.com/twmb/franz-go", "v1.7.0", ""},
	{"franzgo", "github.com/twmb/franz-go", "v1.22.3", ""},
	{"kafkago", "github.com/segmentio/kafka-go", "v0.4.42", ""},
	{"kafkago", "github.com/segmentio/kafka-go", "v0.4.51", ""},
}

func targetsOf(client string) []target {
	var ts []target
	for _, t := range targets {
		if t.Client == client {
			ts = append(ts, t)
		}
	}
	return ts
}

// A config is one row of a client's matrix: a scenario and the handler that
// makes the mistake or its fix, on a topic of Partitions partitions seeded with
// Records records each.
type config struct {
	Client, Scenario, Handler string
	// Rule is the rule of other-clients.md (S1 ... K7; K6 and K7 are issue 33's items 9 and 8, F6 its item 11, S8 its item 7, S10 its item 6, docs/library-facts.md S8 and S10) the row is about, or
	// several separated by "/"; Fix marks the handler that is the rule's fix (or
	// the correct form).
	Rule       string
	Fix        bool
	Partitions int32
	Records    int
	Watchdog   int // seconds (default 60)
}

func (c config) key() string { return c.Client + "/" + c.Scenario + "/" + c.Handler }

// configs lists every config in matrix order, one-member scenarios first.
var configs = []config{
	// sarama
	{Client: "sarama", Scenario: "markoffset", Handler: "markoffset-own", Rule: "S3", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "markoffset", Handler: "markoffset-plus1", Rule: "S3", Fix: true, Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "markoffset", Handler: "markmessage", Rule: "S3", Fix: true, Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "autocommit", Handler: "mark-no-commit", Rule: "S5", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "autocommit", Handler: "mark-commit", Rule: "S5", Fix: true, Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "autocommit", Handler: "commit-no-mark", Rule: "S5", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "markafter", Handler: "worker-marks-late", Rule: "S6", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "markafter", Handler: "wait-for-workers", Rule: "S6", Fix: true, Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "callbackmark", Handler: "ack-after-return", Rule: "S6", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "callbackmark", Handler: "wait-for-acks", Rule: "S6", Fix: true, Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "claimclosed", Handler: "no-comma-ok", Rule: "S1", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "claimclosed", Handler: "nil-continue", Rule: "S1", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "claimclosed", Handler: "ok-break", Rule: "S1", Partitions: 1, Records: 5},
	{Client: "sarama", Scenario: "claimclosed", Handler: "comma-ok", Rule: "S1", Fix: true, Partitions: 1, Records: 5},
	// A claim revoked under cooperative-sticky (IBM/sarama v1.61.1 only).
	{Client: "sarama", Scenario: "claimrevoked", Handler: "no-comma-ok", Rule: "S1", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimrevoked", Handler: "ok-break", Rule: "S1", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimrevoked", Handler: "comma-ok", Rule: "S1", Fix: true, Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimctx", Handler: "range-blocking", Rule: "S2", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimctx", Handler: "range-fast", Rule: "S2", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimctx", Handler: "select-ctx", Rule: "S2", Fix: true, Partitions: 2, Records: 5},
	// claimloop's closedclaimspin at an eager rebalance, in a loop that does
	// not select on the session's context.
	{Client: "sarama", Scenario: "claimctx", Handler: "ok-continue", Rule: "S1", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimctx", Handler: "ok-break", Rule: "S1", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "notlooped", Handler: "once", Rule: "S4", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "notlooped", Handler: "loop", Rule: "S4", Fix: true, Partitions: 2, Records: 5},
	// Consume called once under the cooperative-sticky strategy (IBM/sarama
	// v1.61.1 only): the session outlives rebalances.
	{Client: "sarama", Scenario: "notlooped", Handler: "once-cooperative", Rule: "S4", Partitions: 2, Records: 5},
	// issue 33 item 7: a claim's closed channel taken for the end of
	// consumption, at an eager rebalance.
	{Client: "sarama", Scenario: "claimend", Handler: "cancel-on-close", Rule: "S8", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "claimend", Handler: "return-on-close", Rule: "S8", Fix: true, Partitions: 2, Records: 5},
	// issue 28: a tracing wrapper's dispatcher goroutine (otelsarama's,
	// dd-trace-go's) whose plain send outlives the wrapped handler.
	{Client: "sarama", Scenario: "dispatchleak", Handler: "plain-send", Rule: "S9", Partitions: 2, Records: 5},
	{Client: "sarama", Scenario: "dispatchleak", Handler: "select-send", Rule: "S9", Fix: true, Partitions: 2, Records: 5},
	// issue 33 item 6: a handler's batch buffer that outlives its session,
	// on a group of two members running the same handler.
	{Client: "sarama", Scenario: "stalebatch", Handler: "no-cleanup", Rule: "S10", Partitions: 2, Records: 3},
	{Client: "sarama", Scenario: "stalebatch", Handler: "stored-session", Rule: "S10", Partitions: 2, Records: 3},
	{Client: "sarama", Scenario: "stalebatch", Handler: "cleanup-flush", Rule: "S10", Fix: true, Partitions: 2, Records: 3},
	{Client: "sarama", Scenario: "stalebatch", Handler: "cleanup-reset", Rule: "S10", Fix: true, Partitions: 2, Records: 3},
	{Client: "sarama", Scenario: "stalebatch", Handler: "setup-reset", Rule: "S10", Fix: true, Partitions: 2, Records: 3},
	{Client: "sarama", Scenario: "stalebatch", Handler: "flush-on-return", Rule: "S10", Fix: true, Partitions: 2, Records: 3},

	// franz-go
	{Client: "franzgo", Scenario: "revokeclose", Handler: "default", Rule: "F1", Fix: true, Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "revokeclose", Handler: "default-no-next-poll", Rule: "F1", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "revokeclose", Handler: "custom-no-commit", Rule: "F1", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "revokeclose", Handler: "custom-commit", Rule: "F1", Fix: true, Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marks", Handler: "no-autocommitmarks", Rule: "F5a", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marks", Handler: "autocommitmarks", Rule: "F5a", Fix: true, Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marks", Handler: "autocommitmarks-commituncommitted", Rule: "F5b", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marks", Handler: "autocommitmarks-commitmarked", Rule: "F5b", Fix: true, Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "rawoffset", Handler: "commitoffsetssync-own", Rule: "F5c", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "rawoffset", Handler: "commitoffsetssync-plus1", Rule: "F5c", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "rawoffset", Handler: "commitrecords", Rule: "F5c", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "rawoffset", Handler: "markcommitoffsets-own", Rule: "F5c", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "rawoffset", Handler: "markcommitoffsets-plus1", Rule: "F5c", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "skipfailed", Handler: "commitrecords-later", Rule: "F6", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "skipfailed", Handler: "markcommitrecords-later", Rule: "F6", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "skipfailed", Handler: "commit-before-failed", Rule: "F6", Fix: true, Partitions: 1, Records: 5},
	// Marks with DisableAutoCommit.
	{Client: "franzgo", Scenario: "marksmanual", Handler: "no-autocommitmarks", Rule: "F5a", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marksmanual", Handler: "no-autocommitmarks-commitmarked", Rule: "F5a", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marksmanual", Handler: "no-autocommitmarks-commituncommitted", Rule: "F5a", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marksmanual", Handler: "add-autocommitmarks", Rule: "F5a", Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marksmanual", Handler: "commitrecords", Rule: "F5a", Fix: true, Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "marksmanual", Handler: "autocommitmarks-instead", Rule: "F5a", Fix: true, Partitions: 1, Records: 10},
	{Client: "franzgo", Scenario: "closecallback", Handler: "sync-close", Rule: "F3", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closecallback", Handler: "go-close", Rule: "F3", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closecallback", Handler: "sync-leavegroup", Rule: "F3", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closecallback", Handler: "go-leavegroup", Rule: "F3", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closelost", Handler: "sync-close", Rule: "F3", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closelost", Handler: "sync-leavegroup", Rule: "F3", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closelost", Handler: "go-close", Rule: "F3", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closelost", Handler: "sync-leavegroupcontext", Rule: "F3", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closelost", Handler: "leavegroupcontext-nil", Rule: "F3", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closepoll", Handler: "close", Rule: "F2", Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "closepoll", Handler: "closeallowingrebalance", Rule: "F2", Fix: true, Partitions: 1, Records: 5},
	{Client: "franzgo", Scenario: "revokerebalance", Handler: "default", Rule: "F1", Fix: true, Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "revokerebalance", Handler: "custom-no-commit", Rule: "F1", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "revokerebalance", Handler: "custom-commit", Rule: "F1/F4", Fix: true, Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "revokerebalance", Handler: "disableautocommit", Rule: "F1", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "revokerebalance", Handler: "custom-commit-async", Rule: "F4", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "closerevoked", Handler: "sync-close", Rule: "F3", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "closerevoked", Handler: "sync-leavegroup", Rule: "F3", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "closerevoked", Handler: "go-close", Rule: "F3", Fix: true, Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "closerevoked", Handler: "sync-leavegroupcontext", Rule: "F3", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "closerevoked", Handler: "leavegroupcontext-nil", Rule: "F3", Fix: true, Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "blockrebalance", Handler: "never-allow", Rule: "F2", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "blockrebalance", Handler: "allowrebalance", Rule: "F2", Fix: true, Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "revokesignal", Handler: "signal-no-wait", Rule: "F1", Partitions: 2, Records: 5},
	{Client: "franzgo", Scenario: "revokesignal", Handler: "signal-wait", Rule: "F1", Fix: true, Partitions: 2, Records: 5},

	// kafka-go
	{Client: "kafkago", Scenario: "partition0", Handler: "no-group-no-partition", Rule: "K2", Partitions: 3, Records: 5},
	{Client: "kafkago", Scenario: "partition0", Handler: "groupid", Rule: "K2", Fix: true, Partitions: 3, Records: 5},
	{Client: "kafkago", Scenario: "startoffset", Handler: "startoffset-no-group", Rule: "K3", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "startoffset", Handler: "setoffset", Rule: "K3", Fix: true, Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "startoffset", Handler: "startoffset-group", Rule: "K3", Fix: true, Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "fetchcommit", Handler: "fetch-no-commit", Rule: "K5", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "fetchcommit", Handler: "fetch-commit", Rule: "K5", Fix: true, Partitions: 1, Records: 5},
	// The dropped candidate "CommitInterval > 0 and Close without a flush".
	{Client: "kafkago", Scenario: "fetchcommit", Handler: "fetch-commit-interval", Rule: "K5", Fix: true, Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "fetchcommit", Handler: "readmessage", Rule: "K5", Fix: true, Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "readcrash", Handler: "readmessage", Rule: "K1", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "readcrash", Handler: "fetch-commit", Rule: "K1", Fix: true, Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "groupapi", Handler: "commit-no-group", Rule: "K4", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "groupapi", Handler: "setoffset-group", Rule: "K4", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "gencommit", Handler: "commitoffsets-own", Rule: "K6", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "gencommit", Handler: "commitoffsets-plus1", Rule: "K6", Fix: true, Partitions: 1, Records: 5},
	// issue 33 item 8 (no rule yet): commits of one reader from a worker pool.
	{Client: "kafkago", Scenario: "commitorder", Handler: "completion-order", Rule: "K7", Partitions: 1, Records: 5},
	{Client: "kafkago", Scenario: "commitorder", Handler: "in-order", Rule: "K7", Fix: true, Partitions: 1, Records: 5},
}
