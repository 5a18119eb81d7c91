// Package tuned adds options through the common configuration's setter: the
// helper's options are not known whole here.
package tuned

import (
	"github.com/twmb/franz-go/pkg/kgo"

	"kgorebalance/xpkg/common"
)

// NewTunedConsumer is silent: the options its callers give reach the
// client through the setter and the field, which the trace does not follow.
func NewTunedConsumer(cfg common.Config, group string, extra ...kgo.Opt) (*kgo.Client, error) {
	cfg = cfg.WithFranzClientOpts(extra...)
	opts := append(cfg.FranzClientOpts(), kgo.ConsumerGroup(group), kgo.DisableAutoCommit())
	return kgo.NewClient(opts...)
}
