package consumeloop

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

// TestLoopedWithoutSSA runs the analyzer on every fixture with each site it
// settles as looped from the function's flow (valueflow.Flow) also put to the
// SSA form: there every instruction of the call must be in a loop, and the
// reports are the same as the fixtures' (Test checks them without the SSA
// form).
func TestLoopedWithoutSSA(t *testing.T) {
	settled := testutil.NewSettled(t)
	checkLooped = func(call token.Position, inLoop bool) {
		settled.Check("looped calls", call, inLoop, "a call settled as looped from the flow, not in a loop in the SSA form")
	}
	defer func() { checkLooped = nil }()
	dir := testutil.Fixtures(t)
	analysistest.Run(t, dir, Analyzer,
		"consumeloop/ibm", "consumeloop/shopify", "consumeloop/coop", "consumeloop/lookalike",
		"consumeloop/errgroup/ibm", "consumeloop/errgroup/shopify", "consumeloop/flow")
	for _, path := range []string{"ibm", "shopify"} {
		analysistest.Run(t, dir, Analyzer, "consumeloop/xpkg/"+path+"/kafkasvc", "consumeloop/xpkg/"+path)
	}
	settled.AtLeast("looped calls", 10)
}
