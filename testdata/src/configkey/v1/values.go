package v1

import "github.com/confluentinc/confluent-kafka-go/kafka"

// misread: librdkafka 1.9.2 reads these strings as v2.11.1's does
// (testdata/probe-values/RESULTS.md).
func misread() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"session.timeout.ms":            "45s",    // want `"45s" for "session.timeout.ms" is read as 45 \(librdkafka takes the leading integer and ignores "s"; the property is in milliseconds\)`
		"fetch.max.bytes":               "50MB",   // want `"50MB" for "fetch.max.bytes" is read as 50 \(librdkafka takes the leading integer and ignores "MB"; NewConsumer then fails: .fetch\.max\.bytes. must be >= .message\.max\.bytes.\)`
		"max.poll.interval.ms":          "0",      // want `value 0 for "max.poll.interval.ms" is outside its range 1..86400000 \(librdkafka rejects it: NewConsumer fails: Configuration property "max.poll.interval.ms" value 0 is outside allowed range 1..86400000\)`
		"enable.auto.commit":            "on",     // want `invalid boolean "on" for "enable.auto.commit", want true or false \(librdkafka rejects it: NewConsumer fails\)`
		"partition.assignment.strategy": "Range",  // want `unsupported assignor "Range" in partition.assignment.strategy, names are case-sensitive: want "range"`
		"auto.offset.reset":             "LATEST", // fine: enums are matched in any case
		"heartbeat.interval.ms":         "3000ms", // fine: read as 3000
		"enable.auto.offset.store":      "F",      // fine: false
	})
}
