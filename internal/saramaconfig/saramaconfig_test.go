package saramaconfig

import (
	"go/importer"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/testutil"
)

func check(t testing.TB, imp types.Importer, src string) *analysis.Pass {
	return testutil.CheckSource(t, imp, src)
}

// TestResult: a package without sarama gets an empty Result and no graph; one
// with sarama gets its sarama package and a graph.
func TestResult(t *testing.T) {
	imp := testutil.StubImporter(t)
	res, _ := run(check(t, imp, `package p; import "net/http"; var _ http.Client`))
	if r := res.(*Result); len(r.Sarama) != 0 || r.Graph() != nil {
		t.Errorf("a package without sarama: Result %+v", r)
	}
	res, _ = run(check(t, imp, `package p; import "github.com/Shopify/sarama"; var _ sarama.ConsumerMessage`))
	if r := res.(*Result); len(r.Sarama) != 1 || r.Graph() == nil {
		t.Errorf("a package with sarama: Result %+v", r)
	}
}

// BenchmarkNoSarama measures the early return: the Result of a package that
// imports net/http (a closure of about 100 packages) and no sarama.
func BenchmarkNoSarama(b *testing.B) {
	pass := check(b, importer.Default(), `package p; import "net/http"; var _ http.Client`)
	b.ResetTimer()
	for range b.N {
		if res, _ := run(pass); len(res.(*Result).Sarama) != 0 {
			b.Fatal("sarama found")
		}
	}
}
