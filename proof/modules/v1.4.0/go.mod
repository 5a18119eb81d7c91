module example.com/proofscenario

go 1.22

require github.com/confluentinc/confluent-kafka-go v1.4.0
