// Package manual names no kgo option the analyzer looks at: its only
// DisableAutoCommit and BlockRebalanceOnPoll come from the shared library's
// option helpers, appended to its own options.
package manual

import (
	"github.com/twmb/franz-go/pkg/kgo"

	"kgorebalance/xpkg/kafkautil"
)

// The helper disables autocommit, and nothing registers a revoke callback.
func Audit(brokers []string) (*kgo.Client, error) {
	opts := []kgo.Opt{kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("audit"), kgo.ConsumeTopics("audit")}
	opts = append(opts, kafkautil.ManualCommit()...) // want `kgo.DisableAutoCommit \(set by kafkautil.ManualCommit\) without an OnPartitionsRevoked callback, register one that commits the processed offsets`
	return kgo.NewClient(opts...)
}

// Silent twin: the helper's options also block rebalances on poll, and the
// poll loop commits before it allows them.
func AuditBlocking(brokers []string) (*kgo.Client, error) {
	opts := []kgo.Opt{kgo.SeedBrokers(brokers...), kgo.ConsumerGroup("audit"), kgo.ConsumeTopics("audit")}
	opts = append(opts, kafkautil.BlockingOptions()...)
	return kgo.NewClient(opts...)
}
