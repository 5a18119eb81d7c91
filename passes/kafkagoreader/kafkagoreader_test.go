package kafkagoreader_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/kafkagoreader"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), kafkagoreader.Analyzer, "kafkagoreader/v0")
}
