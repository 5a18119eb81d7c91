module example.com/proofscenario

go 1.22

require github.com/confluentinc/confluent-kafka-go/v2 v2.11.1
