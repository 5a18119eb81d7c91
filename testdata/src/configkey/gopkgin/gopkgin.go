package gopkgin

import "gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

func consumer() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":           "g",
		"Group.Id":           "h",         // want `unknown configuration property "Group.Id" \(did you mean "group.id"\?\)`
		"fetch.wait.max.ms":  uint32(100), // want `value of type uint32 for "fetch.wait.max.ms"`
		"session.timeout.ms": 6000,        // fine
	})
}
