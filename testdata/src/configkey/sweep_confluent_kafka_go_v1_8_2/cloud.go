// Package cloud reproduces the sweep's report on
// confluent-kafka-go@v1.8.2/examples/confluent_cloud_example (createTopic): these
// properties are deprecated only since librdkafka 2.x, and every v1 release bundles
// librdkafka 1.x, which takes them without a warning. No report on the v1 paths.
package cloud

import (
	"github.com/confluentinc/confluent-kafka-go/kafka"
	gopkgin "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"
)

func createTopic(servers, key, secret string) {
	kafka.NewAdminClient(&kafka.ConfigMap{
		"bootstrap.servers":       servers,
		"broker.version.fallback": "0.10.0.0",
		"api.version.fallback.ms": 0,
		"api.version.request":     true,
		"ssl.engine.location":     "/usr/lib/engines",
		"sasl.mechanisms":         "PLAIN",
		"security.protocol":       "SASL_SSL",
		"sasl.username":           key,
		"sasl.password":           secret})
}

func gopkginConsumer() {
	gopkgin.NewConsumer(&gopkgin.ConfigMap{
		"group.id":                "g",
		"broker.version.fallback": "0.10.0.0",
		"api.version.fallback.ms": 0,
	})
}

// Deprecated since librdkafka 1.x: still reported on v1.
func deprecatedInV1() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":               "g",
		"socket.blocking.max.ms": 100, // want `deprecated configuration property "socket.blocking.max.ms" is no longer used`
	})
}
