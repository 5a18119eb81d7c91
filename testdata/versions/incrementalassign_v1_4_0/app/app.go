// Package app assigns from goroutines on confluent-kafka-go v1.4.0, which has
// no IncrementalAssign (v1.6.1 added it): the message does not offer it.
package app

import "github.com/confluentinc/confluent-kafka-go/kafka"

func ReadEach(c *kafka.Consumer, topic string, partitions []int32) {
	for _, p := range partitions {
		go func(p int32) {
			c.Assign([]kafka.TopicPartition{{Topic: &topic, Partition: p}}) // want `c\.Assign in a goroutine started for each iteration of a loop, on one consumer they share, assign every partition once before the loop or give each goroutine its own consumer \(each Assign replaces the whole assignment: the goroutines read each other's partitions or none\)`
		}(p)
	}
}
