package v2

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

// misreadNumbers: strings for integer properties that librdkafka reads as
// another number (testdata/probe-values/RESULTS.md).
func misreadNumbers() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"session.timeout.ms":            "30s",        // want `"30s" for "session.timeout.ms" is read as 30 \(librdkafka takes the leading integer and ignores "s"; the property is in milliseconds\)`
		"heartbeat.interval.ms":         "3 s",        // want `"3 s" for "heartbeat.interval.ms" is read as 3 \(librdkafka takes the leading integer and ignores "s"; the property is in milliseconds\)`
		"auto.commit.interval.ms":       "030000",     // want `"030000" for "auto.commit.interval.ms" is read as 12288 \(librdkafka reads a number with a leading 0 as octal\)`
		"fetch.wait.max.ms":             "3e2",        // want `"3e2" for "fetch.wait.max.ms" is read as 3 \(librdkafka takes the leading integer and ignores "e2"\)`
		"queued.max.messages.kbytes":    "64MB",       // want `"64MB" for "queued.max.messages.kbytes" is read as 64 \(librdkafka takes the leading integer and ignores "MB"\)`
		"fetch.min.bytes":               "1.5",        // want `"1.5" for "fetch.min.bytes" is read as 1 \(librdkafka takes the leading integer and ignores ".5"\)`
		"coordinator.query.interval.ms": "4294997296", // want `"4294997296" for "coordinator.query.interval.ms" is read as 30000 \(librdkafka stores it in a 32-bit int\)`
	})
}

// outOfRangeOnceRead: the range check comes after the parse.
func outOfRangeOnceRead() {
	c := kafka.ConfigMap{"group.id": "g"}
	c.SetKey("max.poll.interval.ms", "0s")       // want `"0s" for "max.poll.interval.ms" is read as 0, outside its range 1..86400000 \(librdkafka rejects it: NewConsumer fails: Configuration property "max.poll.interval.ms" value 0 is outside allowed range 1..86400000\)`
	c.SetKey("socket.timeout.ms", "99999999999") // want `"99999999999" for "socket.timeout.ms" is read as 1215752191, outside its range 10..300000 \(librdkafka stores it in a 32-bit int\)`
	c.Set("session.timeout.ms=")                 // want `empty value for integer property "session.timeout.ms" \(librdkafka rejects it: NewConsumer fails: Integer configuration property "session.timeout.ms" cannot be set to empty value\)`
	c.Set("heartbeat.interval.ms=3s")            // want `"3s" for "heartbeat.interval.ms" is read as 3`
	c["statistics.interval.ms"] = "86400001"     // want `value 86400001 for "statistics.interval.ms" is outside its range 0..86400000 \(librdkafka rejects it: NewConsumer fails: Configuration property "statistics.interval.ms" value 86400001 is outside allowed range 0..86400000\)`
	kafka.NewConsumer(&c)
}

// readAsWritten are the negative twins: librdkafka reads what was written.
func readAsWritten() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"session.timeout.ms":            "30000",
		"heartbeat.interval.ms":         " 3000 ", // blanks around the number are harmless
		"auto.commit.interval.ms":       "5000ms", // the property's own unit: read as 5000
		"fetch.wait.max.ms":             "0x64",   // hexadecimal is read as written: 100
		"queued.max.messages.kbytes":    65536,
		"coordinator.query.interval.ms": "+600000",
		"enable.auto.commit":            "True", // booleans: any case
		"auto.offset.reset":             "Earliest",
		"isolation.level":               "READ_COMMITTED", // enums: any case
		"partition.assignment.strategy": "range, roundrobin",
		"fetch.min.bytes":               "1.0",       // the same number
		"fetch.max.bytes":               "52428800B", // the property's own unit
		"queued.min.messages":           "100000",
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                   "g",
		"queued.max.messages.kbytes": "65536KB", // the property's own unit
	})
}

// assignors: the names of partition.assignment.strategy are matched exactly.
func assignors() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "Cooperative-Sticky", // want `unsupported assignor "Cooperative-Sticky" in partition.assignment.strategy, names are case-sensitive: want "cooperative-sticky" \(librdkafka rejects it: NewConsumer fails: Unsupported partition.assignment.strategy: Cooperative-Sticky\)`
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "sticky", // want `unsupported assignor "sticky" in partition.assignment.strategy, want range, roundrobin or cooperative-sticky \(librdkafka rejects it: NewConsumer fails: Unsupported partition.assignment.strategy: sticky\)`
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "range,cooperative-sticky", // want `partition.assignment.strategy "range,cooperative-sticky" mixes eager and cooperative assignors \(librdkafka rejects it: NewConsumer fails: All partition.assignment.strategy \(range,cooperative-sticky\) assignors must have the same protocol type`
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                      "g",
		"partition.assignment.strategy": "cooperative-sticky",
	})
}

// crossChecks: a misread value that then fails a check between properties, and
// its twin where the other property makes it pass.
func crossChecks() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":             "g",
		"max.poll.interval.ms": "5m", // want "\"5m\" for \"max.poll.interval.ms\" is read as 5 \\(librdkafka takes the leading integer and ignores \"m\"; the property is in milliseconds; NewConsumer then fails: .max\\.poll\\.interval\\.ms.must be >= .session\\.timeout\\.ms.\\)"
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":          "g",
		"message.max.bytes": 1000,
		"fetch.max.bytes":   "2KB", // want `"2KB" for "fetch.max.bytes" is read as 2 \(librdkafka takes the leading integer and ignores "KB"; NewConsumer then fails: .fetch\.max\.bytes. must be >= .message\.max\.bytes.\)`
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":             "g",
		"session.timeout.ms":   1,
		"max.poll.interval.ms": "2s", // want `"2s" for "max.poll.interval.ms" is read as 2 \(librdkafka takes the leading integer and ignores "s"; the property is in milliseconds\)$`
	})
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":             "g",
		"max.poll.interval.ms": "60000 ms", // fine: read as 60000, as meant
	})
}
