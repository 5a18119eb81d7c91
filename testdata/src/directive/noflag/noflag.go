// Package noflag is the silent twin of the unused directives: without
// -directive.unusedignores a directive that suppresses nothing is not
// reported (a malformed one is).
package noflag

import "github.com/confluentinc/confluent-kafka-go/kafka"

func config() kafka.ConfigMap {
	return kafka.ConfigMap{
		//kafkalint:ignore configkey the key was fixed since
		"auto.offset.reset": "earliest",

		/* want `^//kafkalint:ignore directive for configkey has no reason` */ //kafkalint:ignore configkey
		"client.id": "c",
	}
}
