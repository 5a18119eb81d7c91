// Package app hands the generic library its configuration.
package app

import (
	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"revokecommit/allversions/generic/lib"
)

func decode(b []byte) (string, error) { return string(b), nil }

func risky() (*lib.Consumer[string], error) {
	return lib.New[string](&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, decode) // want `lib\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func riskyInferred() (*lib.Consumer[string], error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false}, decode) // want `lib\.New is given a configuration with enable\.auto\.offset\.store=false and auto commit on.*harmless on v2\.0\.2 and later.*reported because of -revokecommit\.allversions`
}

func safe() (*lib.Consumer[string], error) {
	return lib.New(&kafka.ConfigMap{"group.id": "g", "enable.auto.offset.store": false, "enable.auto.commit": false}, decode) // fine: auto commit off
}
