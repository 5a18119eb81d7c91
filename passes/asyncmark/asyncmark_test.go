package asyncmark_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/kafkalint/kafkalint/internal/testutil"
	"github.com/kafkalint/kafkalint/passes/asyncmark"
)

func Test(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), asyncmark.Analyzer, "asyncmark/ibm", "asyncmark/shopify", "asyncmark/lookalike")
}

// TestCrossPackage: goroutines that mark through a shared library's ack
// helpers (MarksFact), and literals given to retry helpers that run them in
// place (InPlaceFact; the listed dapr/kit and cenkalti/backoff stubs), on both
// import paths.
func TestCrossPackage(t *testing.T) {
	analysistest.Run(t, testutil.Fixtures(t), asyncmark.Analyzer, "asyncmark/xpkg/ibm/acklib", "asyncmark/xpkg/ibm/retrylib", "asyncmark/xpkg/ibm", "asyncmark/xpkg/shopify/acklib", "asyncmark/xpkg/shopify/retrylib", "asyncmark/xpkg/shopify")
}
