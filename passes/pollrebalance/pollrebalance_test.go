package pollrebalance_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/pollrebalance"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), pollrebalance.Analyzer,
		"pollrebalance/v1", "pollrebalance/v2", "pollrebalance/gopkgin", "pollrebalance/old")
}

func TestNoKafka(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), pollrebalance.Analyzer, "pollrebalance/nokafka")
}

