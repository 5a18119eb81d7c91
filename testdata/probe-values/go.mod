module example.com/probevalues

go 1.21

require (
	github.com/confluentinc/confluent-kafka-go v1.9.2
	github.com/confluentinc/confluent-kafka-go/v2 v2.11.1
)
