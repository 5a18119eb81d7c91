package old

import "github.com/confluentinc/confluent-kafka-go/kafka"

func processOld(*kafka.Message) {}

// The version is unknown: on the Events() channel the consumer reads nothing on
// every version, and before v1.6.1 Close also hangs (docs/library-facts.md, F15).
func unhandledEvents(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.events.channel.enable": true, "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // want `consumer c never assigns the partitions it is given: SubscribeTopics passes no rebalance callback and nothing handles AssignedPartitions from c\.Events\(\) \(go\.application\.rebalance\.enable is true: the client leaves the assignment to the application and the consumer reads nothing; before v1\.6\.1 Close also hangs\)`
	for ev := range c.Events() {
		if m, ok := ev.(*kafka.Message); ok {
			processOld(m)
		}
	}
}

// On Poll, from v1.6.1 the client assigns by itself: with the version unknown
// nothing is proved.
func unhandledPollUnknownVersion(topics []string) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g", "go.application.rebalance.enable": true})
	c.SubscribeTopics(topics, nil) // fine: Poll may be v1.6.1 or later, which assigns by itself
	for {
		if m, ok := c.Poll(100).(*kafka.Message); ok {
			processOld(m)
		}
	}
}
