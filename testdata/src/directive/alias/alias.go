// Package alias is run with -configkey.unusedignores: configkey's stale
// directives are reported, revokecommit's are not.
package alias

import "github.com/confluentinc/confluent-kafka-go/kafka"

func config() kafka.ConfigMap {
	return kafka.ConfigMap{
		/* want `^//kafkalint:ignore directive for configkey suppresses no report of configkey` */ //kafkalint:ignore configkey the key was fixed since
		"auto.offset.reset": "earliest",

		//kafkalint:ignore revokecommit not asked for
		"client.id": "c",
	}
}
