// Package mid wraps worker for its own callers and passes their ConfigMap on:
// the fact moves to its own parameter.
package mid

import (
	"revokecommit/allversions/library/worker"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Run starts a worker on the caller's configuration.
func Run(cfg *kafka.ConfigMap) error { // want Run:`handover\(config param 0, missing commit\+invalidate\+wait\)`
	_, err := worker.New(cfg, []string{"orders"})
	return err
}
