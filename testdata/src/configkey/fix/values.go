package fix

import "github.com/confluentinc/confluent-kafka-go/v2/kafka"

func misread() {
	kafka.NewConsumer(&kafka.ConfigMap{
		"group.id":                "g",
		"session.timeout.ms":      "30s",   // want `is read as 30`
		"max.poll.interval.ms":    "1m30s", // want `is read as 1`
		"heartbeat.interval.ms":   `3s`,    // want `is read as 3`
		"auto.commit.interval.ms": "05000", // want `is read as 2560`
		"fetch.wait.max.ms":       "3e2",   // want `is read as 3`
		// no fix for these two: rounding a fraction, or MB as 1000 or 1024 KB, is a guess
		"fetch.min.bytes":               "1.5",                // want `is read as 1`
		"queued.max.messages.kbytes":    "64MB",               // want `is read as 64`
		"partition.assignment.strategy": "Cooperative-Sticky", // want `names are case-sensitive`
	})
}
