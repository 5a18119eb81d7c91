package nocommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/nocommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), nocommit.Analyzer,
		"nocommit/ibm", "nocommit/ibm/commits", "nocommit/ibm/nomarks",
		"nocommit/shopify", "nocommit/shopify/commits", "nocommit/shopify/nomarks", "nocommit/lookalike")
}

// TestFacts checks configurations built in another package
// (AutoCommitOffFact) and handlers that commit in an imported package
// (CommitsFact).
func TestFacts(t *testing.T) {
	for _, path := range []string{"ibm", "shopify"} {
		x := "nocommit/xpkg/" + path
		analysistest.Run(t, testutil.Fixtures(t), nocommit.Analyzer, x+"/kafkacfg", x, x+"/withhandler")
	}
}
