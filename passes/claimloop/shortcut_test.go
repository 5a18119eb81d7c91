package claimloop

import (
	"go/token"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestShortcutWithoutSSA runs the analyzer on every fixture with each receive
// that claimChanShortcut settles also traced on the SSA form: both must give
// the same answer, and the reports are the fixtures' (Test checks them
// without the SSA form).
func TestShortcutWithoutSSA(t *testing.T) {
	var mu sync.Mutex // the checker runs the packages' passes concurrently
	settled := map[bool]int{}
	checkClaimChan = func(arrow token.Position, short, full bool) {
		mu.Lock()
		defer mu.Unlock()
		settled[short]++
		if short != full {
			t.Errorf("%s: a receive settled as from a claim's channel = %t, %t in the SSA form", arrow, short, full)
		}
	}
	defer func() { checkClaimChan = nil }()
	dir := testutil.TestData(t)
	analysistest.Run(t, dir, Analyzer, "claimloop/ibm", "claimloop/shopify", "claimloop/lookalike", "claimloop/shortcut")
	analysistest.Run(t, dir, Analyzer, "claimloop/xpkg/ibm/kafkalib", "claimloop/xpkg/ibm", "claimloop/xpkg/shopify/kafkalib", "claimloop/xpkg/shopify")
	t.Logf("settled %v", settled)
	if settled[true] < 3 || settled[false] < 2 {
		t.Errorf("settled without the SSA form: %d claim channels, %d others; want at least 3 and 2: the shortcut is not taken", settled[true], settled[false])
	}
}

// TestShortcutIllTyped: in a package with type errors the SSA form is not
// built and no receive is a claim's; the shortcut must not say otherwise.
func TestShortcutIllTyped(t *testing.T) {
	checkClaimChan = func(arrow token.Position, short, full bool) {
		if short != full {
			t.Errorf("%s: a receive settled as from a claim's channel = %t, %t in the SSA form", arrow, short, full)
		}
	}
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
