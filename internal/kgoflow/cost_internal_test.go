package kgoflow

import (
	"go/importer"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/kafkalint/kafkalint/internal/clientgraph"
	"github.com/kafkalint/kafkalint/internal/pkgindex"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// pass type-checks src and runs pkgindex and clientgraph on it, as a driver
// would before Analyzer; the fact functions fail the test when called.
func pass(t testing.TB, imp types.Importer, src string) *analysis.Pass {
	p := testutil.CheckSource(t, imp, src)
	index, err := pkgindex.Analyzer.Run(p)
	if err != nil {
		t.Fatal(err)
	}
	p.ResultOf = map[*analysis.Analyzer]any{pkgindex.Analyzer: index}
	cg, err := clientgraph.Analyzer.Run(p)
	if err != nil {
		t.Fatal(err)
	}
	p.ResultOf[clientgraph.Analyzer] = cg
	p.ExportObjectFact = func(obj types.Object, f analysis.Fact) { t.Errorf("fact exported for %v: %v", obj, f) }
	return p
}

// TestCost: a package that does not reach kgo reads no fact and has no view;
// one that reaches it but declares no exported function returning a client
// or options exports nothing.
func TestCost(t *testing.T) {
	imp := testutil.StubImporter(t)
	p := pass(t, imp, `package p; import "net/http"; var _ http.Client`)
	p.AllObjectFacts = func() []analysis.ObjectFact { t.Error("facts read by a package without kgo"); return nil }
	res, err := run(p)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.(*Handle).Result(); r != nil {
		t.Errorf("a package without kgo has a view: %+v", r)
	}

	p = pass(t, imp, `package p
import "github.com/twmb/franz-go/pkg/kgo"
func newClient() (*kgo.Client, error) { return kgo.NewClient(kgo.DisableAutoCommit()) }
func Run() { cl, _ := newClient(); cl.Close() }`)
	p.AllObjectFacts = func() []analysis.ObjectFact { return nil }
	res, err = run(p)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.(*Handle).Result(); r == nil || len(r.Clients) != 1 {
		t.Errorf("a package with one kgo.NewClient: view %+v", r)
	} else if again := res.(*Handle).Result(); again != r {
		t.Error("the view is computed again for a second pass")
	}
}

// BenchmarkNoClient measures the early return: a package that imports
// net/http (a closure of about 100 packages) and no client.
func BenchmarkNoClient(b *testing.B) {
	p := pass(b, importer.Default(), `package p; import "net/http"; var _ http.Client`)
	b.ResetTimer()
	for range b.N {
		if res, _ := run(p); res.(*Handle).cg != nil {
			b.Fatal("kgo found")
		}
	}
}
