// Package nokafka does not use the library: look-alike names are not reported.
package nokafka

type Event interface{}

type RevokedPartitions struct{}

type Consumer struct{}

func (c *Consumer) Poll(int) Event  { return nil }
func (c *Consumer) Unassign() error { return nil }

func loop(c *Consumer) {
	switch c.Poll(100).(type) {
	case RevokedPartitions:
		c.Unassign() // fine: not the library
	}
}
