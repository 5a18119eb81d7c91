package markoffset

import (
	"go/token"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/internal/valueflow"
)

// TestComputedWithoutSSA runs the analyzer on every fixture with each offset
// it settles as computed from the syntax also traced on the SSA form: no root
// may be a field or a parameter there (check would then report or give a
// fact), and the reports are the fixtures' (Test checks them without the SSA
// form).
func TestComputedWithoutSSA(t *testing.T) {
	var mu sync.Mutex // the checker runs the packages' passes concurrently
	settled := 0
	checkComputed = func(offset token.Position, roots []ssa.Value) {
		mu.Lock()
		defer mu.Unlock()
		settled++
		for _, r := range roots {
			if _, param := r.(*ssa.Parameter); param || valueflow.FieldOf(r) != nil {
				t.Errorf("%s: an offset settled as computed from the syntax has the root %v in the SSA form", offset, r)
			}
		}
	}
	defer func() { checkComputed = nil }()
	dir := testutil.TestData(t)
	analysistest.Run(t, dir, Analyzer, "markoffset/ibm", "markoffset/shopify", "markoffset/lookalike", "markoffset/computed")
	for _, path := range []string{"ibm", "shopify"} {
		analysistest.Run(t, dir, Analyzer, "markoffset/xpkg/"+path+"/kafkautil", "markoffset/xpkg/"+path)
	}
	t.Logf("settled %d", settled)
	if settled < 10 {
		t.Errorf("%d offsets settled without the SSA form, want at least 10: the syntax is not read", settled)
	}
}
