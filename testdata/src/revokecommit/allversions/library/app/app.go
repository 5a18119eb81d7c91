// Package app wires configurations to the worker library.
package app

import (
	"revokecommit/allversions/library/mid"
	"revokecommit/allversions/library/optlib"
	"revokecommit/allversions/library/worker"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func riskyConfig() *kafka.ConfigMap {
	return &kafka.ConfigMap{"group.id": "orders", "enable.auto.offset.store": false}
}

func startOrders() {
	worker.New(riskyConfig(), []string{"orders"}) // want `worker\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on, and its RevokedPartitions handler at worker\.Worker\.rebalance \(worker\.go:29\) calls Unassign without committing and invalidating stored offsets first.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func startAudit() {
	// fine: offsets are stored automatically
	worker.New(&kafka.ConfigMap{"group.id": "audit"}, []string{"audit"})
}

func startManual() {
	// fine: nothing is auto-committed
	worker.New(&kafka.ConfigMap{"group.id": "manual", "enable.auto.commit": false, "enable.auto.offset.store": false}, nil)
}

func startThroughMid() {
	mid.Run(riskyConfig()) // want `mid\.Run is given a configuration.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func startWithConsumer() error {
	c, err := kafka.NewConsumer(riskyConfig())
	if err != nil {
		return err
	}
	return worker.Start(worker.Options{Consumer: c, Topics: []string{"t"}}) // want `Consumer is given a consumer with enable\.auto\.offset\.store=false.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func startWithSafeConsumer() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "safe"})
	if err != nil {
		return err
	}
	return worker.Start(worker.Options{Consumer: c, Topics: []string{"t"}}) // fine: automatic offset store
}

func startWithConfigField() error {
	return worker.Run(worker.Config{Kafka: riskyConfig(), Topics: []string{"t"}}) // want `Kafka is given a configuration with enable\.auto\.offset\.store=false and auto commit on, and its RevokedPartitions handler at worker\.Run.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func startWithConfigVariable() error {
	cfg := riskyConfig()
	_ = cfg.SetKey("client.id", "orders-1")
	return worker.Run(worker.Config{Kafka: cfg, Topics: []string{"t"}}) // want `Kafka is given a configuration with enable\.auto\.offset\.store=false.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func startWithSafeConfigField() error {
	// fine: offsets are stored automatically
	return worker.Run(worker.Config{Kafka: &kafka.ConfigMap{"group.id": "safe"}})
}

func startWithManualConfigVariable() error {
	// fine: nothing is auto-committed
	cfg := riskyConfig()
	_ = cfg.SetKey("enable.auto.commit", false)
	return worker.Run(worker.Config{Kafka: cfg})
}

func startManualVariableParam() {
	// fine: nothing is auto-committed
	cfg := riskyConfig()
	_ = cfg.SetKey("enable.auto.commit", false)
	worker.New(cfg, nil)
}

func startWithOptions() error {
	return optlib.Run(optlib.WithConfig(riskyConfig()), optlib.WithTopics("t")) // want `optlib\.WithConfig is given a configuration with enable\.auto\.offset\.store=false and auto commit on, and its RevokedPartitions handler at optlib\.Run \(optlib\.go:37\).*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func startWithSafeOptions() error {
	// fine: offsets are stored automatically
	return optlib.Run(optlib.WithConfig(&kafka.ConfigMap{"group.id": "safe"}), optlib.WithTopics("t"))
}
