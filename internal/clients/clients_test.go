package clients

import "testing"

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
