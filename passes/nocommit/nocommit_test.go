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

func TestIllTyped(t *testing.T) {
	for _, src := range testutil.IllTypedSources {
		testutil.RunIllTyped(t, nocommit.Analyzer, src)
	}
	testutil.RunIllTyped(t, nocommit.Analyzer, `package main
import "github.com/IBM/sarama"
func main() {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = undefined
	cfg.Consumer.Offsets.AutoCommit = false
	sarama.NewConsumerGroup(nil, "g")
	sarama.NewConsumerGroup(nil, "g", cfg, 1)
	sarama.NewClient(nil, x)
}`)
}
