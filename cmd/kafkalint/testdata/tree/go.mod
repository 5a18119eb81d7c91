module example.com/tree

go 1.21

require github.com/confluentinc/confluent-kafka-go v1.4.0

// The stub stands in for the real module (the test rewrites the path when it
// copies this module); the required version is the one the analyzers see.
replace github.com/confluentinc/confluent-kafka-go => ../../../../testdata/src/github.com/confluentinc/confluent-kafka-go
