package markoffset

import (
	"fmt"
	"go/token"
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
	settled := testutil.NewSettled(t)
	checkComputed = func(offset token.Position, roots []ssa.Value) {
		for _, r := range roots {
			_, param := r.(*ssa.Parameter)
			settled.Check("computed offsets", offset, !param && valueflow.FieldOf(r) == nil,
				fmt.Sprintf("an offset settled as computed from the syntax has the root %v in the SSA form", r))
		}
	}
	defer func() { checkComputed = nil }()
	dir := testutil.Fixtures(t)
	analysistest.Run(t, dir, Analyzer, "markoffset/ibm", "markoffset/shopify", "markoffset/lookalike", "markoffset/computed")
	for _, path := range []string{"ibm", "shopify"} {
		analysistest.Run(t, dir, Analyzer, "markoffset/xpkg/"+path+"/kafkautil", "markoffset/xpkg/"+path)
	}
	settled.AtLeast("computed offsets", 10)
}
