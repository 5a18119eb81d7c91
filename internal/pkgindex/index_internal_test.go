package pkgindex

import (
	"go/importer"
	"go/types"
	"testing"

	"github.com/kafkalint/kafkalint/internal/clients"
	"github.com/kafkalint/kafkalint/internal/testutil"
)

// index type-checks src and runs Analyzer on it.
func index(t testing.TB, imp types.Importer, src string) *Result {
	res, err := run(testutil.CheckSource(t, imp, src))
	if err != nil {
		t.Fatal(err)
	}
	return res.(*Result)
}

// TestImports: one walk finds the packages of every client a package imports,
// and nothing is built in run: neither the declarations nor the graph.
func TestImports(t *testing.T) {
	imp := testutil.StubImporter(t)
	r := index(t, imp, `package p
import (
	"github.com/IBM/sarama"
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)
var (
	_ *kafka.Consumer
	_ sarama.ConsumerMessage
	_ *kgo.Client
	_ *kafkago.Reader
)`)
	for c, path := range map[clients.Client]string{
		clients.ConfluentKafkaGo: "github.com/confluentinc/confluent-kafka-go/v2/kafka",
		clients.Sarama:           "github.com/IBM/sarama",
		clients.FranzGo:          "github.com/twmb/franz-go/pkg/kgo",
		clients.KafkaGo:          "github.com/segmentio/kafka-go",
	} {
		if got := r.Imports(c); len(got) != 1 || got[0].Path() != path {
			t.Errorf("Imports(%v) = %v, want %s", c, got, path)
		}
	}
	if !r.Reaches() {
		t.Error("a package that imports four clients reaches none")
	}
	if r.graph != nil || r.decls != nil {
		t.Error("run built the graph or the declarations")
	}
	g := r.Graph()
	if g == nil || r.Graph() != g {
		t.Error("Graph is not one graph per package")
	}

	r = index(t, imp, `package p; import "net/http"; var _ http.Client`)
	if r.Reaches() || len(r.Imports(clients.Sarama)) != 0 {
		t.Errorf("a package without a client: imports %v", r.imports)
	}
}

// TestLibraries: the union answers for each client's own packages, as the
// client's Library does.
func TestLibraries(t *testing.T) {
	imp := testutil.StubImporter(t)
	for path, owned := range map[string]bool{
		"github.com/confluentinc/confluent-kafka-go/kafka": true,
		"github.com/twmb/franz-go/pkg/kgo":                 true,
		"github.com/segmentio/kafka-go":                    true,
		"github.com/IBM/sarama":                            false, // it may store through its pointers
		"net/http":                                         false,
	} {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Libraries.Owns(pkg); got != owned {
			t.Errorf("Owns(%s) = %v, want %v", path, got, owned)
		}
	}
	kafka, err := imp.Import("github.com/confluentinc/confluent-kafka-go/kafka")
	if err != nil {
		t.Fatal(err)
	}
	consumer := kafka.Scope().Lookup("Consumer").Type()
	subscribe, _, _ := types.LookupFieldOrMethod(types.NewPointer(consumer), false, kafka, "Subscribe")
	if arg, ok := Libraries.Callback(subscribe.(*types.Func)); !ok || arg != 1 {
		t.Errorf("Callback(Subscribe) = %d, %v; want 1, true", arg, ok)
	}
}

// BenchmarkNoClient measures what a package that uses no client pays: the
// walk of its imports, here net/http's closure of about 100 packages.
func BenchmarkNoClient(b *testing.B) {
	pass := testutil.CheckSource(b, importer.Default(), `package p; import "net/http"; var _ http.Client`)
	b.ResetTimer()
	for range b.N {
		if res, _ := run(pass); res.(*Result).Reaches() {
			b.Fatal("a client found")
		}
	}
}
