package consumeloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/consumeloop"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), consumeloop.Analyzer,
		"consumeloop/ibm", "consumeloop/shopify", "consumeloop/coop", "consumeloop/lookalike",
		"consumeloop/errgroup/ibm", "consumeloop/errgroup/shopify", "consumeloop/flow",
		"consumeloop/cli/ibm", "consumeloop/cli/shopify")
}

// TestFacts checks wrappers of another package that run one session
// (ConsumesOnceFact): the facts, and the reports at their callers.
func TestFacts(t *testing.T) {
	for _, path := range []string{"ibm", "shopify"} {
		analysistest.Run(t, testutil.Fixtures(t), consumeloop.Analyzer,
			"consumeloop/xpkg/"+path+"/kafkasvc", "consumeloop/xpkg/"+path)
	}
}
