module example.com/integration

go 1.21

require github.com/confluentinc/confluent-kafka-go v1.4.0

// The stub stands in for the real module (no cgo, no download); the required
// version is what the analyzers see as the linked version. Tests copy this
// module and make the replacement path absolute.
replace github.com/confluentinc/confluent-kafka-go => ../src/github.com/confluentinc/confluent-kafka-go
