package main

// A config is one cell row of the matrix: a scenario with its variant and handler.
type config struct {
	Scenario, Variant, Handler string
	// Min is the first client version the config applies to ("" = all); below it
	// the cell reads "n/a" with Why.
	Min, Why string
	// Broker is where the scenario program runs: "" is librdkafka's mock
	// cluster, brokerKfake a kfake cluster this runner starts (kfake.go).
	Broker string
	// Watchdog in seconds for the scenario program (default 90).
	Watchdog int
}

func (c config) key() string { return c.Scenario + "/" + c.Variant + "/" + c.Handler }

// configs lists every config in matrix order. Each states a claim of an analyzer
// (RESULTS.md says which).
var configs = []config{
	// revokecommit: the #209 rewind and the fixes.
	{Scenario: "revokecommit", Variant: "late", Handler: "unassign"},
	{Scenario: "revokecommit", Variant: "late", Handler: "fix"},
	{Scenario: "revokecommit", Variant: "late", Handler: "drain"},
	{Scenario: "revokecommit", Variant: "classic", Handler: "unassign"},
	{Scenario: "revokecommit", Variant: "classic", Handler: "fix"},

	// pollrebalance: where AssignedPartitions/RevokedPartitions are delivered.
	// Variant: poll or events (Events() channel); handler: flag=<go.application.rebalance.enable>,cb=<callback passed>.
	{Scenario: "pollrebalance", Variant: "poll", Handler: "flag=false,cb=no"},
	{Scenario: "pollrebalance", Variant: "poll", Handler: "flag=true,cb=no"},
	{Scenario: "pollrebalance", Variant: "poll", Handler: "flag=false,cb=yes"},
	{Scenario: "pollrebalance", Variant: "poll", Handler: "flag=true,cb=yes"},
	{Scenario: "pollrebalance", Variant: "events", Handler: "flag=false,cb=no"},
	{Scenario: "pollrebalance", Variant: "events", Handler: "flag=true,cb=no"},
	{Scenario: "pollrebalance", Variant: "events", Handler: "flag=false,cb=yes"},
	{Scenario: "pollrebalance", Variant: "events", Handler: "flag=true,cb=yes"},

	// incrementalassign: eager calls under cooperative-sticky, and the fix.
	{Scenario: "incrementalassign", Variant: "cooperative", Handler: "eager-assign"},
	{Scenario: "incrementalassign", Variant: "cooperative", Handler: "eager-unassign", Min: "v1.6.1", Why: "no IncrementalAssign"},
	{Scenario: "incrementalassign", Variant: "cooperative", Handler: "incremental", Min: "v1.6.1", Why: "no IncrementalAssign"},
	{Scenario: "incrementalassign", Variant: "eager", Handler: "incremental", Min: "v1.6.1", Why: "no IncrementalAssign"},

	// storeoffset: storing or committing a message's own offset.
	{Scenario: "storeoffset", Variant: "restart", Handler: "storeoffsets-own"},
	{Scenario: "storeoffset", Variant: "restart", Handler: "storeoffsets-plus1"},
	{Scenario: "storeoffset", Variant: "restart", Handler: "storemessage", Min: "v1.8.2", Why: "no StoreMessage"},
	{Scenario: "storeoffset", Variant: "restart", Handler: "commitoffsets-own"},
	{Scenario: "storeoffset", Variant: "restart", Handler: "commitmessage"},

	// storeoffset's txnoffset: offsets sent to a transaction (SendOffsetsToTransaction).
	{Scenario: "txnoffset", Variant: "restart", Handler: "own"},
	{Scenario: "txnoffset", Variant: "restart", Handler: "plus1"},
	{Scenario: "txnoffset", Variant: "restart", Handler: "position"},

	// Rebalance events nobody handles (issue 19): go.application.rebalance.enable=true,
	// no callback, a loop without a case for AssignedPartitions/RevokedPartitions.
	{Scenario: "unhandledrebalance", Variant: "poll", Handler: "messages-only"},
	{Scenario: "unhandledrebalance", Variant: "events", Handler: "messages-only"},
	{Scenario: "unhandledrebalance", Variant: "events", Handler: "never-read"},

	// StoreOffsets while librdkafka stores offsets itself.
	{Scenario: "storeautoarg", Variant: "auto.offset.store=true", Handler: "storeoffsets"},
	{Scenario: "storeautoarg", Variant: "auto.offset.store=false", Handler: "storeoffsets"},

	// revokecommit's committer with auto commit off: an offset-less Commit()
	// commits the stored offsets.
	{Scenario: "commitstored", Variant: "auto.commit=false", Handler: "commit"},
	{Scenario: "commitstored", Variant: "auto.commit=false", Handler: "close-only"},

	// issue 33, confluent item 1: auto commit off, Commit() every 4th message,
	// a RevokedPartitions case that unassigns without committing, or commits.
	{Scenario: "revokenocommit", Variant: "every-4", Handler: "unassign", Min: "v1.6.1", Why: "the mock crashes in group runs"},
	{Scenario: "revokenocommit", Variant: "every-4", Handler: "commit", Min: "v1.6.1", Why: "the mock crashes in group runs"},
	// The same on kfake, whose coordinator accepts the revoke's commit of the
	// current generation while the group prepares the rebalance, as Apache
	// Kafka does and the mock does not (kfake.go).
	{Scenario: "revokenocommit", Variant: "every-4@kfake", Handler: "unassign", Broker: brokerKfake},
	{Scenario: "revokenocommit", Variant: "every-4@kfake", Handler: "commit", Broker: brokerKfake},

	// issue 33, confluent item 2: Assign at chosen positions, then SubscribeTopics
	// on the same consumer; and the correct way (a callback that assigns them).
	{Scenario: "assignsubscribe", Variant: "quiet", Handler: "assign-subscribe,cb=none"},
	{Scenario: "assignsubscribe", Variant: "quiet", Handler: "assign-subscribe,cb=assign"},
	{Scenario: "assignsubscribe", Variant: "quiet", Handler: "subscribe,cb=assign-positions"},
	{Scenario: "assignsubscribe", Variant: "quiet", Handler: "assign-only"},
	{Scenario: "assignsubscribe", Variant: "backlog", Handler: "assign-subscribe,cb=none"},
	{Scenario: "assignsubscribe", Variant: "backlog", Handler: "assign-subscribe,cb=assign"},
	{Scenario: "assignsubscribe", Variant: "backlog", Handler: "subscribe,cb=assign-positions"},
	{Scenario: "assignsubscribe", Variant: "backlog", Handler: "assign-only"},

	// issue 33, confluent item 3: two goroutines assign one partition each on one
	// shared consumer; the twins.
	{Scenario: "assignshared", Variant: "2-partitions", Handler: "assign-each"},
	{Scenario: "assignshared", Variant: "2-partitions", Handler: "incremental-each", Min: "v1.6.1", Why: "no IncrementalAssign"},
	{Scenario: "assignshared", Variant: "2-partitions", Handler: "assign-all"},
	{Scenario: "assignshared", Variant: "2-partitions", Handler: "consumer-each"},

	// readtimeout: what ReadMessage returns when nothing arrives in time.
	{Scenario: "readtimeout", Variant: "quiet", Handler: "readmessage"},

	// readtimeout's nilmessage (issue 33 item 4): what ReadMessage(-1) returns
	// with an error.
	{Scenario: "readerror", Variant: "brokers-down", Handler: "readmessage-1"},
	{Scenario: "readerror", Variant: "partition-eof", Handler: "readmessage-1"},
	{Scenario: "readerror", Variant: "unknown-topic", Handler: "readmessage-1"},

	// neverstored: a consumer that stores nothing.
	{Scenario: "neverstored", Variant: "auto.offset.store=false", Handler: "no-store"},

	// configkey: what NewConsumer does with each value class reported.
	{Scenario: "configkey", Variant: "new", Handler: "valid"},
	{Scenario: "configkey", Variant: "new", Handler: "unknown-key"},
	{Scenario: "configkey", Variant: "new", Handler: "go-bool-string"},
	{Scenario: "configkey", Variant: "new", Handler: "int64"},
	{Scenario: "configkey", Variant: "new", Handler: "duration"},
	{Scenario: "configkey", Variant: "new", Handler: "bad-enum"},
	{Scenario: "configkey", Variant: "new", Handler: "producer-prop"},
	{Scenario: "configkey", Variant: "new", Handler: "float64"},
}
