module github.com/IBM/sarama

go 1.21
