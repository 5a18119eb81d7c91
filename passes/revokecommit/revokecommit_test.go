package revokecommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/revokecommit"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.TestData(t), revokecommit.Analyzer, "revokecommit/v1")
}
