// Package app hands the generic library its configuration.
package app

import (
	"gopkg.in/confluentinc/confluent-kafka-go.v1/kafka"

	"revokecommit/generic/gopkgin/lib"
)

func decode(b []byte) (string, error) { return string(b), nil }

func risky() (*lib.Consumer[string], error) {
	return lib.New[string](&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, decode) // want `lib\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on`
}

func riskyInferred() (*lib.Consumer[string], error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, decode) // want `lib\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on`
}

func safe() (*lib.Consumer[string], error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "enable.auto.commit": false}, decode) // fine: auto commit off
}
