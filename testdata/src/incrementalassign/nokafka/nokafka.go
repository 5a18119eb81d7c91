// Package nokafka does not use the library: look-alike names are not reported.
package nokafka

type Event interface{}

type AssignedPartitions struct{ Partitions []TopicPartition }

type RevokedPartitions struct{ Partitions []TopicPartition }

type TopicPartition struct{}

type Consumer struct{}

func (c *Consumer) SubscribeTopics([]string, func(*Consumer, Event) error) error { return nil }
func (c *Consumer) Assign([]TopicPartition) error                                { return nil }
func (c *Consumer) Unassign() error                                              { return nil }
func (c *Consumer) IncrementalAssign([]TopicPartition) error                     { return nil }

type ConfigMap map[string]any

func NewConsumer(*ConfigMap) (*Consumer, error) { return &Consumer{}, nil }

func run(topics []string) {
	c, _ := NewConsumer(&ConfigMap{"group.id": "g", "partition.assignment.strategy": "cooperative-sticky"})
	c.SubscribeTopics(topics, func(c *Consumer, ev Event) error {
		switch e := ev.(type) {
		case AssignedPartitions:
			return c.Assign(e.Partitions) // fine: not the library
		case RevokedPartitions:
			return c.Unassign() // fine: not the library
		}
		return nil
	})
}
