package clients

import (
	"go/types"
	"testing"
)

func TestPackage(t *testing.T) {
	for path, want := range map[string]Client{
		"github.com/confluentinc/confluent-kafka-go/kafka":               ConfluentKafkaGo,
		"app/vendor/github.com/confluentinc/confluent-kafka-go/v2/kafka": ConfluentKafkaGo,
		"vendor/gopkg.in/confluentinc/confluent-kafka-go.v1/kafka":       ConfluentKafkaGo,
		"github.com/IBM/sarama":                                          Sarama,
		"example.com/x/vendor/github.com/Shopify/sarama":                 Sarama,
		"github.com/twmb/franz-go/pkg/kgo":                               FranzGo,
		"github.com/segmentio/kafka-go":                                  KafkaGo,
		"github.com/segmentio/kafka-go/sasl":                             None,
		"github.com/twmb/franz-go/pkg/kadm":                              None,
		"github.com/confluentinc/confluent-kafka-go/schemaregistry":      None,
		"example.com/sarama":                                             None,
	} {
		if got := Package(path); got != want {
			t.Errorf("Package(%q) = %v, want %v", path, got, want)
		}
	}
}

func TestModule(t *testing.T) {
	for path, want := range map[string]Client{
		"github.com/confluentinc/confluent-kafka-go/v2": ConfluentKafkaGo,
		"github.com/twmb/franz-go":                      FranzGo,
		"github.com/twmb/franz-go/pkg/kadm":             None,
		"golang.org/x/tools":                            None,
	} {
		if got := Module(path); got != want {
			t.Errorf("Module(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestReaches: a package reaches a client (Imports finds one) through a library
// or directly; a client's own package, one without a client and none do not.
func TestReaches(t *testing.T) {
	kafka := types.NewPackage("github.com/confluentinc/confluent-kafka-go/v2/kafka", "kafka")
	sarama := types.NewPackage("github.com/IBM/sarama", "sarama")
	lib := types.NewPackage("example.com/lib", "lib")
	lib.SetImports([]*types.Package{kafka})
	app := types.NewPackage("example.com/app", "main")
	app.SetImports([]*types.Package{types.NewPackage("fmt", "fmt"), lib})
	direct := types.NewPackage("example.com/direct", "direct")
	direct.SetImports([]*types.Package{sarama})
	plain := types.NewPackage("example.com/plain", "plain")
	plain.SetImports([]*types.Package{types.NewPackage("fmt", "fmt")})
	for _, tc := range []struct {
		pkg  *types.Package
		want bool
	}{{app, true}, {lib, true}, {direct, true}, {plain, false}, {kafka, false}, {nil, false}} {
		if got := len(Imports(tc.pkg)) > 0; got != tc.want {
			t.Errorf("Imports(%v) found a client: %v, want %v", tc.pkg, got, tc.want)
		}
	}
}

// TestImports: the one walk finds each client's packages through any depth, in the
// order first met, and does not descend into a client's own imports.
func TestImports(t *testing.T) {
	pkg := func(path string, imports ...*types.Package) *types.Package {
		p := types.NewPackage(path, "p")
		p.SetImports(imports)
		return p
	}
	kafka := pkg("github.com/confluentinc/confluent-kafka-go/v2/kafka", pkg("github.com/IBM/sarama")) // not walked
	sarama := pkg("github.com/Shopify/sarama")
	kgo := pkg("github.com/twmb/franz-go/pkg/kgo")
	lib := pkg("example.com/lib", pkg("example.com/deep", kgo), sarama)
	app := pkg("example.com/app", lib, kafka, pkg("fmt"))

	got := Imports(app)
	if len(got) != 3 || len(got[ConfluentKafkaGo]) != 1 || got[ConfluentKafkaGo][0] != kafka ||
		len(got[Sarama]) != 1 || got[Sarama][0] != sarama || len(got[FranzGo]) != 1 || got[FranzGo][0] != kgo {
		t.Errorf("Imports(app) = %v", got)
	}
}
