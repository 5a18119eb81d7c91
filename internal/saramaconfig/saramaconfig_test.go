package saramaconfig

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// check type-checks src and runs pkgindex on it, as a driver would before
// Analyzer.
func check(t testing.TB, imp types.Importer, src string) *analysis.Pass {
	p := testutil.CheckSource(t, imp, src)
	index, err := pkgindex.Analyzer.Run(p)
	if err != nil {
		t.Fatal(err)
	}
	p.ResultOf = map[*analysis.Analyzer]any{pkgindex.Analyzer: index}
	return p
}

// TestResult: a package without sarama gets an empty Result and no graph; one
// with sarama gets its sarama package and pkgindex's graph.
func TestResult(t *testing.T) {
	imp := testutil.StubImporter(t)
	res, _ := run(check(t, imp, `package p; import "net/http"; var _ http.Client`))
	if r := res.(*Result); len(r.Sarama) != 0 || r.Graph() != nil || r.UsesClient() {
		t.Errorf("a package without sarama: Result %+v", r)
	}
	p := check(t, imp, `package p; import "github.com/Shopify/sarama"; var _ sarama.ConsumerMessage`)
	res, _ = run(p)
	if r := res.(*Result); len(r.Sarama) != 1 || r.Graph() == nil || r.Graph() != p.ResultOf[pkgindex.Analyzer].(*pkgindex.Result).Graph() || !r.UsesClient() {
		t.Errorf("a package with sarama: Result %+v", r)
	}
}
