module example.com/proofscenario

go 1.25.0

require github.com/confluentinc/confluent-kafka-go/v2 v2.15.0
