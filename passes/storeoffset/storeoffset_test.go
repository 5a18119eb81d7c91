package storeoffset_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/storeoffset"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), storeoffset.Analyzer, "storeoffset/v1")
}
