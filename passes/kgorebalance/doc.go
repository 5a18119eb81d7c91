// Package kgorebalance defines an Analyzer that reports franz-go partition
// callbacks that lose the commit on revoke or deadlock the client.
//
// # Analyzer kgorebalance
//
// kgorebalance: report franz-go revoke callbacks that lose commits or deadlock
//
// Reports, for github.com/twmb/franz-go/pkg/kgo clients, OnPartitionsRevoked
// callbacks that commit nothing, DisableAutoCommit without a revoke callback,
// the asynchronous CommitOffsets inside the revoke callback, Close or
// LeaveGroup called inside a partition callback, and BlockRebalanceOnPoll
// clients that never allow rebalances or are closed with Close.
//
// A custom OnPartitionsRevoked callback replaces kgo's default one, which, with
// autocommit on, is a blocking commit of what the polls before the latest
// returned (docs/library-facts.md, F21). A callback that only logs loses that
// commit: the partitions' next owner starts from the last autocommit and
// processes again what this member consumed since (the runtime proof: nothing
// committed at the rebalance, the next owner starts at 0, on v1.7.0 and
// v1.22.3):
//
//	cl, _ := kgo.NewClient(
//		kgo.ConsumerGroup("orders"),
//		kgo.OnPartitionsRevoked(func(ctx context.Context, cl *kgo.Client, revoked map[string][]int32) { // OnPartitionsRevoked callback commits nothing, commit the processed offsets before it returns (...)
//			log.Printf("revoked %v", revoked)
//		}),
//	)
//
// Commit what was processed before the callback returns, synchronously
// (CommitUncommittedOffsets once processing has stopped, CommitMarkedOffsets
// with AutoCommitMarks, CommitRecords or CommitOffsetsSync). kgo goes on with
// the rebalance when the callback returns, and nothing waits for the
// goroutines the callback only signals (F34): a callback that closes the
// channels of the goroutines processing the revoked partitions, or cancels
// their contexts, and returns at once, where those goroutines commit, lets
// the next owner start at the last commit while they still process what
// they were handed, and their commits land after the rebalance (the runtime
// proof, elastic/apm-queue v1.0.0's shape: the next owner starts at 0 and
// two commits of the revoked partitions come after the callback returned;
// waiting for the workers makes it start at 5, on v1.7.0 and v1.22.3). This
// is reported also with BlockRebalanceOnPoll, whose poll loop allowed the
// rebalance when it handed the records over:
//
//	func (p *pool) lost(_ context.Context, _ *kgo.Client, lost map[string][]int32) {
//		for key, records := range p.records { // each worker commits its batches with CommitRecords
//			delete(p.records, key)
//			close(records)
//		}
//	}
//
//	kgo.OnPartitionsRevoked(p.lost), // OnPartitionsRevoked callback closes channels and returns without waiting, wait until the goroutines it stops have committed before it returns (...)
//
// Wait for them before returning (a receive from each one's done channel, a
// WaitGroup's Wait), or commit in the callback. With
// DisableAutoCommit and no revoke callback at all, nothing commits on revoke
// either: kgo's DisableAutoCommit documentation describes the duplicates and
// how this member's late commit can rewind the new owner's (F22). Both are
// silent when the client also sets BlockRebalanceOnPoll and disables
// autocommit: revokes then wait for AllowRebalance, after the poll loop's own
// commit.
//
// CommitOffsets does not wait for the commit; kgo's CommitOffsets
// documentation says that in the revoke callback the rebalance proceeds before
// the commit is sent, which then commits partitions another member owns: use
// CommitOffsetsSync (F23). The runtime proof shows the lost commit (the next
// owner starts at 0) in 2 of 3 runs on v1.7.0 and in none of 9 on v1.22.3,
// which holds a rebalance's join until commits in flight finish: on recent
// versions the report is the documentation's advice, and its fix costs
// nothing. Close, CloseAllowingRebalance, LeaveGroup and
// LeaveGroupContext with a non-nil context wait for the group management loop,
// which waits for the callback to return: called synchronously inside
// OnPartitionsAssigned, OnPartitionsRevoked or OnPartitionsLost they deadlock
// the client for good (F24). The runtime proof shows Close and LeaveGroup
// never returning in each of the three callbacks (assigned on joining, revoked
// by a rebalance, lost after a heartbeat answered UNKNOWN_MEMBER_ID), and the
// same calls started with go returning, on v1.7.0 and v1.22.3; on v1.22.3,
// LeaveGroupContext with the callback's context never returning in the
// revoked and lost callbacks, and LeaveGroupContext(nil) returning.
//
// BlockRebalanceOnPoll makes every rebalance wait for AllowRebalance after a
// poll: "You must always AllowRebalances when you are done processing the
// records you received" (F29). A poll loop that never calls it holds up the
// group until this member is kicked out at the rebalance timeout; and Close
// does not allow rebalances, so on such a client it hangs after a poll, where
// CloseAllowingRebalance does not.
//
// # What is recognised
//
// The github.com/twmb/franz-go/pkg/kgo import path, also vendored. Options
// reach kgo.NewClient through the call's arguments, []kgo.Opt slices built
// with literals and append, the package's helpers that return options or
// slices of them, and the variadic or slice parameters of unexported
// functions that forward them (internal/kgoflow). Across packages, through
// facts: the options passed to a wrapper of another package that forwards
// them to kgo.NewClient (NewClient(brokers, opts ...kgo.Opt), also a method,
// a tracing wrapper that returns a struct embedding the client, or a
// constructor that forwards to another exported constructor of its package)
// reach a client with the options the wrapper adds itself, and a helper of
// another package that returns a kgo.Opt or a []kgo.Opt brings the options
// it builds; the caller's options are judged there, in the caller, and so
// are the caller's polls of a client whose wrapper blocks rebalances on poll
// on every path, and a DisableAutoCommit the wrapper or helper sets, also in
// a package that names none of these options itself (opts = append(opts,
// kit.ManualCommit()...) is its only DisableAutoCommit). A helper's options
// kept in an unexported field of its package that only the package's
// exported setters fill, with their callers' options, and that the package
// never calls itself (conduit-connector-kafka's common.Config.FranzClientOpts,
// which appends the field that Config.WithFranzClientOpts, "meant for test
// purposes", fills), are known whole in a package that calls none of those
// setters: the options its callers could add before handing it the
// configuration are taken to be none. One
// NewClient call in a helper that the package calls with different options
// (func newClient(extra ...kgo.Opt), called once per client) builds several
// clients: options forwarded through different calls of the helper are
// judged as options of different clients, so that another client's
// BlockRebalanceOnPoll or revoke callback does not silence the
// revokenocommit and manualnorevoke reports. A callback is a function
// literal, a named function or a method value, also through variables and
// fields. What it does before it returns includes the package's functions it
// calls and its deferred calls, not the goroutines it starts. A client is a
// NewClient result traced through variables, fields and returns, or the
// callback's *kgo.Client parameter. A callback signals a goroutine when it
// closes a channel or calls a context.CancelFunc or CancelCauseFunc; the
// goroutines that commit are those the package starts with go on one of its
// functions (a function literal, a function or a method, and what they call
// in the package) that do not poll themselves, committing on the callback's
// client: traced to its
// NewClient call or the *kgo.Client parameter of a partition callback the
// client runs (a worker started in OnPartitionsAssigned with its client).
//
// # Not reported
//
//   - a revoke callback that calls code the package cannot see that may use a
//     client (a function of another package that imports kgo, a method of an
//     interface of such a package or of this one, other than a logging method
//     such as Info or Printf, an untraced function value), or that waits for
//     or hands work to another goroutine (a receive, a send, a select, a sync
//     Wait): the commit may happen there;
//   - a revoke callback that only signals goroutines (closes a channel,
//     cancels a context) when no goroutine of the package other than a poll
//     loop commits on its client: with BlockRebalanceOnPoll and
//     DisableAutoCommit the poll loop commits before it allows the
//     rebalance;
//   - CommitOffsets in a revoke callback that waits for something (onDone
//     made synchronous);
//   - options whose client the package does not see whole (an option from a
//     parameter of an exported function, or from another package's function
//     whose options its facts do not give whole: from an exported field, from
//     a setter the helper's package calls itself or that this package calls),
//     for the revokenocommit and manualnorevoke reports: a wrapper's own
//     options are judged where the
//     wrapper is called, with its callers' options, and an option it adds
//     itself (its own revoke callback) is not reported;
//   - revokenocommit and manualnorevoke on a client in a group of its own,
//     whose ConsumerGroup id is built with github.com/google/uuid
//     ("probe-" + uuid.New().String(), a probe or cache-warming consumer): no
//     other member ever joins it, so none takes its partitions and
//     re-processes what it consumed;
//   - LeaveGroupContext(nil), and Close or LeaveGroup started with go;
//   - Close of a client other than the callback's;
//   - a BlockRebalanceOnPoll client that leaves the package's sight (passed
//     to another package, stored in an exported field or variable, returned
//     by an exported function), or with an AllowRebalance call whose receiver
//     the package does not trace: AllowRebalance may be called there.
//
// # Category revokenocommit
//
// A custom OnPartitionsRevoked callback that commits nothing, or that only
// signals the goroutines that commit and returns without waiting for them.
//
// # Category manualnorevoke
//
// DisableAutoCommit without an OnPartitionsRevoked callback or
// BlockRebalanceOnPoll. When a wrapper or an option helper of another package
// sets it, the report is at the call of that function, in the caller
// ("kgo.DisableAutoCommit (set by kafkautil.NewCommitter) without ...").
//
// # Category asyncrevokecommit
//
// The asynchronous CommitOffsets inside the revoke callback.
//
// # Category leaveincallback
//
// Close or LeaveGroup called synchronously inside a partition callback.
//
// # Category neverallowed
//
// A poll of a BlockRebalanceOnPoll client on which nothing calls
// AllowRebalance.
//
// # Category closeblocked
//
// Close of a polled BlockRebalanceOnPoll client on which nothing calls
// AllowRebalance. Where something does, whether a poll's rebalance is still
// pending at Close depends on the paths in between (a loop that calls
// AllowRebalance after each batch and ends on a closed client is fine), and
// Close is not reported.
//
// # Fix and suppression
//
// The message suggests LeaveGroupContext(nil) only where the linked kgo has
// it (v1.7.0 does not). For CommitOffsets inside the revoke callback the fix
// calls CommitOffsetsSync,
// which takes the same arguments; for a Close, CloseAllowingRebalance or
// LeaveGroup statement inside a callback it starts the call with go; Close of
// a BlockRebalanceOnPoll client becomes CloseAllowingRebalance. A missing
// commit has no mechanical fix: what was processed is the program's to say.
// Suppress one report with a "//kafkalint:ignore kgorebalance reason" comment
// on the line, or "//nolint:kafkalint" under golangci-lint; disable the
// analyzer with -kgorebalance=false.
package kgorebalance
