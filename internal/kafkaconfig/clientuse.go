package kafkaconfig

import "github.com/kafkalint/kafkalint/internal/analysisutil"

var _ analysisutil.ClientUse = (*Result)(nil)

// UsesClient reports whether the package imports confluent-kafka-go, directly
// or not: the decision every pass's early return makes, and after which
// analysisutil.Setup checks the package's directives.
func (r *Result) UsesClient() bool { return len(r.Kafka) > 0 }
