module example.com/demo

go 1.21

require github.com/confluentinc/confluent-kafka-go v1.4.0
