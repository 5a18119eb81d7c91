// Package app hands the provider library its configuration.
package app

import (
	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

	"revokecommit/provider/gopkgin/lib"
)

func risky() (*lib.Reader, error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}) // want `lib\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on`
}

func safe() (*lib.Reader, error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "enable.auto.commit": false}) // fine: auto commit off
}
