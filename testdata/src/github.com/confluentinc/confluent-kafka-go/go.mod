module github.com/confluentinc/confluent-kafka-go

go 1.21
