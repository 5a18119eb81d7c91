module github.com/confluentinc/confluent-kafka-go/v2

go 1.21
