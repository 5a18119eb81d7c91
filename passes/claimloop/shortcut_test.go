package claimloop

import (
	"fmt"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// checkAgainstSSA makes each receive that claimChanShortcut settles also traced
// on the SSA form, tallied in settled by its answer: the two must agree.
func checkAgainstSSA(settled *testutil.Settled) {
	names := map[source]string{otherSource: "other channels", claimSource: "claim channels", partitionSource: "partition channels"}
	checkClaimChan = func(arrow token.Position, short, full source) {
		settled.Check(names[short], arrow, short == full, fmt.Sprintf("a receive settled as from %s, from %s in the SSA form", names[short], names[full]))
	}
}

// TestShortcutWithoutSSA runs the analyzer on every fixture with each receive
// that claimChanShortcut settles also traced on the SSA form: both must give
// the same answer, and the reports are the fixtures' (Test checks them
// without the SSA form).
func TestShortcutWithoutSSA(t *testing.T) {
	settled := testutil.NewSettled(t)
	checkAgainstSSA(settled)
	defer func() { checkClaimChan = nil }()
	dir := testutil.Fixtures(t)
	analysistest.Run(t, dir, Analyzer, "claimloop/ibm", "claimloop/shopify", "claimloop/lookalike", "claimloop/shortcut")
	analysistest.Run(t, dir, Analyzer, "claimloop/xpkg/ibm/kafkalib", "claimloop/xpkg/ibm", "claimloop/xpkg/shopify/kafkalib", "claimloop/xpkg/shopify")
	settled.AtLeast("claim channels", 3)
	settled.AtLeast("partition channels", 1)
	settled.AtLeast("other channels", 2)
}

// TestShortcutIllTyped: in a package with type errors the SSA form is not
// built and no receive is a claim's; the shortcut must not say otherwise.
func TestShortcutIllTyped(t *testing.T) {
	checkAgainstSSA(testutil.NewSettled(t))
	defer func() { checkClaimChan = nil }()
	testutil.RunIllTyped(t, Analyzer, `package p
import "github.com/IBM/sarama"
type h struct{}
func (h) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	msgs := claim.Messages()
	for {
		msg := <-msgs
		sess.MarkMessage(msg, undefined)
	}
}`)
}
