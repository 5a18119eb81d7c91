package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// Deprecated in librdkafka 2.x (the v1 twin is configkey/sweep_confluent_kafka_go_v1_8_2).
func deprecated2x(servers string) {
	kafka.NewAdminClient(&kafka.ConfigMap{
		"bootstrap.servers":       servers,
		"broker.version.fallback": "0.10.0.0", // want `deprecated configuration property "broker.version.fallback" \(librdkafka warns that it is deprecated\)`
		"api.version.fallback.ms": 0,          // want `deprecated configuration property "api.version.fallback.ms"`
		"api.version.request":     true,       // want `deprecated configuration property "api.version.request"`
		"ssl.engine.location":     "/usr/lib", // want `deprecated configuration property "ssl.engine.location"`
	})
}
