// Package alias names the library's event types for its importers.
package alias

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

type (
	Event   = kafka.Event
	Revoked = kafka.RevokedPartitions
)
