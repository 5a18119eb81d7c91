package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// An unexported package-level map is checked like a local one.
var auditConfig = &kafka.ConfigMap{"group.id": "audit", "enable.auto.comit": false} // want `unknown configuration property "enable\.auto\.comit" \(did you mean "enable\.auto\.commit"\?\)`

// An exported one may be changed by other packages: not checked.
var SharedConfig = &kafka.ConfigMap{"group.id": "shared", "enable.auto.comit": false}

func packageVariables() {
	kafka.NewConsumer(auditConfig)
	kafka.NewConsumer(SharedConfig)
}
