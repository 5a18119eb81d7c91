package main

import (
	"github.com/twmb/franz-go/pkg/kfake"
)

// The brokers a scenario program can run against. The default is librdkafka's
// in-process mock cluster, which the scenario program starts itself; brokerKfake
// is a kfake cluster (franz-go's in-process fake Kafka, the one proof/clients
// runs, same pinned version) started by this runner for each run on 127.0.0.1
// and handed to the program with -bootstrap. librdkafka speaks the Kafka
// protocol to it over TCP like to any broker.
//
// kfake is the broker for the claims the mock cannot show: the mock rejects an
// OffsetCommit while its group rebalances (ErrRebalanceInProgress), where Apache
// Kafka and kfake accept a commit of the current generation while the group
// prepares a rebalance (kfake groups.go handleOffsetCommit: groupEmpty,
// groupPreparingRebalance, groupStable commit; only groupCompletingRebalance
// answers REBALANCE_IN_PROGRESS), which is when an eager RevokedPartitions
// handler runs.
const brokerKfake = "kfake"

// kfakePartitions is the partition count of the topic a kfake run gets (the
// scenario's topic "t"): the revokenocommit scenario's two partitions.
const kfakePartitions = 2

// startKfake starts a one-broker kfake cluster with the scenario topic and
// returns its bootstrap address and a function that stops it.
func startKfake() (string, func(), error) {
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.SeedTopics(kfakePartitions, "t"))
	if err != nil {
		return "", nil, err
	}
	return c.ListenAddrs()[0], c.Close, nil
}
