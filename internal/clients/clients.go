// Package clients is the one list of the Kafka client libraries kafkalint checks:
// the import paths of their consumer packages and the module paths that provide
// them. A package whose import closure holds none of these packages has nothing
// for any analyzer to check, which is what the command's loader and the analyzers'
// early returns rely on.
//
// What each library's API means lives in its own package (internal/kafkaapi for
// confluent-kafka-go); this package only says which packages and modules belong to
// which client.
package clients

import (
	"go/types"
	"strings"
)

// Client names a supported client library.
type Client int

const (
	None             Client = iota
	ConfluentKafkaGo        // github.com/confluentinc/confluent-kafka-go (v1, v2, gopkg.in)
	Sarama                  // github.com/IBM/sarama, formerly github.com/Shopify/sarama
	FranzGo                 // github.com/twmb/franz-go/pkg/kgo
	KafkaGo                 // github.com/segmentio/kafka-go
)

func (c Client) String() string {
	switch c {
	case ConfluentKafkaGo:
		return "confluent-kafka-go"
	case Sarama:
		return "sarama"
	case FranzGo:
		return "franz-go"
	case KafkaGo:
		return "kafka-go"
	}
	return "none"
}

// packages maps the import path of each client package the analyzers look at to its
// client.
var packages = map[string]Client{
	"github.com/confluentinc/confluent-kafka-go/kafka":    ConfluentKafkaGo,
	"github.com/confluentinc/confluent-kafka-go/v2/kafka": ConfluentKafkaGo,
	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka":   ConfluentKafkaGo,
	"github.com/IBM/sarama":                               Sarama,
	"github.com/Shopify/sarama":                           Sarama,
	"github.com/twmb/franz-go/pkg/kgo":                    FranzGo,
	"github.com/segmentio/kafka-go":                       KafkaGo,
}

// modules maps the module path that provides each client package to its client
// (for decisions made from go.mod before anything is listed).
var modules = map[string]Client{
	"github.com/confluentinc/confluent-kafka-go":    ConfluentKafkaGo,
	"github.com/confluentinc/confluent-kafka-go/v2": ConfluentKafkaGo,
	"gopkg.in/confluentinc/confluent-kafka-go.v1":   ConfluentKafkaGo,
	"github.com/IBM/sarama":                         Sarama,
	"github.com/Shopify/sarama":                     Sarama,
	"github.com/twmb/franz-go":                      FranzGo,
	"github.com/segmentio/kafka-go":                 KafkaGo,
}

// Unvendor returns path with any vendor prefix removed ("app/vendor/github.com/..."
// becomes "github.com/...").
func Unvendor(path string) string {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(path, "vendor/")
}

// Package returns the client whose package path denotes (vendored or not), or None.
func Package(path string) Client { return packages[Unvendor(path)] }

// Module returns the client provided by the module with this module path, or None.
func Module(path string) Client { return modules[path] }

// Imports returns the consumer packages of the supported clients that pkg imports,
// directly or transitively, by client, each list in the order first met (a
// depth-first walk of the import graph that does not descend into the clients'
// own packages). It is the one walk behind every pass's early return: a package
// for which it returns nothing cannot use any client.
func Imports(pkg *types.Package) map[Client][]*types.Package {
	found := make(map[Client][]*types.Package)
	if pkg == nil {
		return found
	}
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if c := Package(imp.Path()); c != None {
				found[c] = append(found[c], imp)
				continue // the library's own imports are of no interest
			}
			visit(imp)
		}
	}
	visit(pkg)
	return found
}
