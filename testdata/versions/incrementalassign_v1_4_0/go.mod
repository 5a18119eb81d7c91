module example.com/sharedassign

go 1.21

require github.com/confluentinc/confluent-kafka-go v1.4.0

// The stub stands in for the real module; the required version is what the
// analyzers see as the linked version.
replace github.com/confluentinc/confluent-kafka-go => ../../src/github.com/confluentinc/confluent-kafka-go
