// Package app hands the provider library its configuration.
package app

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"revokecommit/allversions/provider/lib"
)

func risky() (*lib.Reader, error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}) // want `lib\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func safe() (*lib.Reader, error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "enable.auto.commit": false}) // fine: auto commit off
}
